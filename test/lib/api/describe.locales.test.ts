/**
 * describeError speaks the UI language: each sentence from that locale's messages, a wait in the plural form
 * the language's own rules pick for its count (Arabic has six, Japanese one).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { describeError } from '@/lib/api';
import { AppError } from '@/lib/errors';
import { resetTranslator } from '@/lib/i18n';
import { getMessageFrom, readMessages } from '../../i18n/messages';

function speak(locale: string) {
  fakeBrowser.i18n.getMessage = getMessageFrom(readMessages(locale)) as typeof fakeBrowser.i18n.getMessage;
  resetTranslator();
}

const wait = (seconds: number) => describeError({ code: 'rate-limited', message: 'x', retryAfter: seconds });

describe('describeError in Arabic', () => {
  beforeEach(() => speak('ar'));

  it('says a wait in the form Arabic uses for each count', () => {
    const busy = 'يتلقى الخادم طلبات كثيرة جدًا. حاول مرة أخرى بعد';
    expect(wait(1)).toBe(`${busy} ثانية واحدة.`);
    expect(wait(2)).toBe(`${busy} ثانيتين.`);
    expect(wait(5)).toBe(`${busy} 5 ثوانٍ.`);
    expect(wait(12)).toBe(`${busy} 12 ثانية.`);
    expect(wait(100)).toBe(`${busy} 100 ثانية.`);
  });

  it('says every other failure in Arabic too', () => {
    expect(describeError(new AppError('network', 'x'))).toBe(
      'تعذّر الوصول إلى الخادم. تحقّق من العنوان ومن اتصالك.',
    );
    expect(describeError(new AppError('http', 'x', { status: 502 }))).toBe(
      'حدثت مشكلة في الخادم (HTTP 502). حاول مرة أخرى لاحقًا.',
    );
    expect(describeError(new Error('anything'))).toBe('حدث خطأ ما في الإضافة.');
  });
});

describe('describeError in Japanese', () => {
  beforeEach(() => speak('ja'));

  it('says a wait with its count, in the one form Japanese has', () => {
    expect(wait(1)).toBe('サーバーへのリクエストが多すぎます。1 秒後にもう一度お試しください。');
    expect(wait(30)).toBe('サーバーへのリクエストが多すぎます。30 秒後にもう一度お試しください。');
    expect(wait(1200)).toBe('サーバーへのリクエストが多すぎます。1,200 秒後にもう一度お試しください。');
  });

  it('lists field messages and ends the sentence the Japanese way', () => {
    const error = new AppError('validation', 'x', { fields: { expire_after_views: ['x'] } });
    expect(describeError(error)).toBe('フォームを確認してください。expire after views: x。');
  });
});

describe('describeError in English', () => {
  beforeEach(() => speak('en'));

  it('says one second in the singular', () => {
    expect(wait(1)).toBe('The server is receiving too many requests. Try again in 1 second.');
  });
});
