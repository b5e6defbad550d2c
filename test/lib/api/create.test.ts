import { describe, expect, it } from 'vitest';
import { createFields, encodeCreate } from '@/lib/api/create';
import { AppError } from '@/lib/errors';

function validationFields(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('validation');
    return (error as AppError).fields;
  }
  throw new Error('expected a validation error');
}

describe('createFields on pro', () => {
  it('sends the duration as given and leaves days out', () => {
    expect(
      createFields({ payload: 'x', expire_after_duration: 3, expire_after_days: 9 }, 'pro').push,
    ).toEqual({
      payload: 'x',
      expire_after_duration: 3,
    });
  });

  it.each([
    [1, 6],
    [7, 12],
    [8, 13],
    [30, 15],
    [90, 17],
  ])('maps %i days to duration %i', (days, duration) => {
    expect(createFields({ expire_after_days: days }, 'pro').push).toEqual({
      expire_after_duration: duration,
    });
  });

  it('keeps pro-only fields', () => {
    const fields = createFields(
      { authenticated_recipients: true, notify_emails_to: 'a@b.example', workspace_id: 'ws_1' },
      'pro',
    );
    expect(fields).toEqual({
      push: { authenticated_recipients: true, notify_emails_to: 'a@b.example' },
      workspace_id: 'ws_1',
    });
  });
});

describe('createFields on oss', () => {
  it.each([
    [0, 1],
    [5, 1],
    [12, 7],
    [13, 14],
    [17, 90],
  ])('sends duration %i as %i days', (duration, days) => {
    expect(createFields({ expire_after_duration: duration }, 'oss').push).toEqual({
      expire_after_days: days,
    });
  });

  it('prefers explicit days over a duration', () => {
    expect(createFields({ expire_after_duration: 17, expire_after_days: 3 }, 'oss').push).toEqual({
      expire_after_days: 3,
    });
  });

  it('refuses authenticated recipients with a field error and drops workspace_id', () => {
    expect(validationFields(() => createFields({ authenticated_recipients: true }, 'oss'))).toEqual({
      authenticated_recipients: ['is only available on Password Pusher Pro'],
    });
    expect(createFields({ authenticated_recipients: false, workspace_id: 'ws_1' }, 'oss')).toEqual({
      push: {},
    });
  });

  it('refuses an unknown duration', () => {
    expect(validationFields(() => createFields({ expire_after_duration: 18 }, 'oss'))).toHaveProperty(
      'expire_after_duration',
    );
  });
});

describe('createFields on both editions', () => {
  it.each(['pro', 'oss'] as const)(
    'refuses days and views the server would silently replace (%s)',
    (edition) => {
      expect(
        validationFields(() => createFields({ expire_after_days: 365, expire_after_views: 0 }, edition)),
      ).toEqual({
        expire_after_days: ['must be a whole number from 1 to 90'],
        expire_after_views: ['must be a whole number from 1 to 100'],
      });
    },
  );

  it('passes booleans as booleans and leaves absent fields out', () => {
    expect(
      createFields({ payload: 'p', deletable_by_viewer: false, retrieval_step: false }, 'oss').push,
    ).toEqual({
      payload: 'p',
      deletable_by_viewer: false,
      retrieval_step: false,
    });
  });
});

describe('encodeCreate', () => {
  it('writes JSON with the push wrapper and a top-level workspace id', () => {
    expect(
      JSON.parse(encodeCreate({ push: { payload: 'p' }, workspace_id: 'ws_2' }, undefined) as string),
    ).toEqual({
      push: { payload: 'p' },
      workspace_id: 'ws_2',
    });
  });

  it('treats an empty file list as no files', () => {
    expect(typeof encodeCreate({ push: { payload: 'p' } }, [])).toBe('string');
  });

  it('writes multipart with push[field] parts and one push[files][] part per file', async () => {
    const form = encodeCreate({ push: { kind: 'file', retrieval_step: false, expire_after_views: 2 } }, [
      { name: 'a.bin', type: 'application/octet-stream', data: new Blob([new Uint8Array([0, 255])]) },
      { name: 'b.txt', type: 'text/plain', data: new Blob(['hi']) },
    ]) as FormData;
    expect(form.get('push[kind]')).toBe('file');
    expect(form.get('push[retrieval_step]')).toBe('false');
    expect(form.get('push[expire_after_views]')).toBe('2');
    const files = form.getAll('push[files][]') as File[];
    expect(files.map((f) => [f.name, f.type])).toEqual([
      ['a.bin', 'application/octet-stream'],
      ['b.txt', 'text/plain'],
    ]);
    expect([...new Uint8Array(await files[0]!.arrayBuffer())]).toEqual([0, 255]);
  });
});
