import { describe, expect, it } from 'vitest';
import { EMAIL_LOCALES } from '@/lib/contract';
import { emailLocaleFor } from '@/lib/push/form';

describe('emailLocaleFor: the UI language as the server names it, where it offers it', () => {
  it.each([
    ['de', 'de'],
    ['fr', 'fr'],
    ['nl', 'nl'],
    ['en', 'en'],
    ['de-AT', 'de'],
    ['DE', 'de'],
  ])('%s → %s with the contract’s locales', (ui, code) => {
    expect(emailLocaleFor(ui, EMAIL_LOCALES)).toBe(code);
  });

  it.each(['ja', 'ar', 'pt-BR', 'pt_BR', ''])('%j: not offered, so left unset', (ui) => {
    expect(emailLocaleFor(ui, EMAIL_LOCALES)).toBeUndefined();
  });

  it('maps pt-BR (and the browser’s pt_BR) to the server’s own spelling when offered', () => {
    const offered = ['en', 'pt-BR', 'pt-PT'];
    expect(emailLocaleFor('pt-BR', offered)).toBe('pt-BR');
    expect(emailLocaleFor('pt_BR', offered)).toBe('pt-BR');
    expect(emailLocaleFor('pt_br', ['en', 'pt_BR'])).toBe('pt_BR');
  });

  it('takes the language alone, or its one regional form, when the exact tag is not offered', () => {
    expect(emailLocaleFor('pt-BR', ['en', 'pt'])).toBe('pt');
    expect(emailLocaleFor('pt', ['en', 'pt-BR'])).toBe('pt-BR');
    expect(emailLocaleFor('zh', ['zh-CN', 'zh-TW'])).toBeUndefined();
  });
});
