import { AUTH_MESSAGES } from '@contract/auth';
import { PHOTO_MESSAGES, PHOTO_RULES, PHOTO_URL_PREFIX, photoApi } from '@contract/photo';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@web/api/session';
import { toastQueue } from '@web/components/ui/toast';
import { PhotoUpload } from '@web/shared/photo-upload/photo-upload';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldCalls } from '../support/fake-api';
import { session } from '../support/statecharts/fixtures/auth-dialog';

const URL_A = '/api/yxs-app/believer/photo/0123456789abcdef0123456789abcdef';
const URL_B = '/api/yxs-app/believer/photo/fedcba9876543210fedcba9876543210';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** The photos the preview fetched (with the token: the server shows a photo to its owner only). */
let photoFetches: Sent[] = [];
/** How the server answers a photo's GET: 200 with a picture, or 404 for one gone. */
let photoStatus = 200;

/**
 * fetch answered by `answer` (a JSON body and status, or a thrown network error); a photo's GET
 * is answered apart (`photoFetches`, `photoStatus`).
 */
const stubFetch = (
  answer: (sent: Sent) => Promise<{ status: number; body: unknown }> | { status: number; body: unknown },
) => {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init: RequestInit = {}) => {
      const call = {
        url: new URL(String(input), window.location.origin).pathname,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: init.body,
      };
      if (call.method === 'GET' && call.url.startsWith(PHOTO_URL_PREFIX)) {
        photoFetches.push(call);
        return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: photoStatus });
      }
      sent.push(call);
      const { status, body } = await answer(call);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
};

/** The preview shows `url`: fetched with the token, from an object URL. */
const expectShown = async (url: string) => {
  await waitFor(() => expect(photoFetches.at(-1)?.url).toBe(url));
  expect(photoFetches.at(-1)?.headers.get('authorization')).toBe(`Bearer ${session.token}`);
  expect(await screen.findByRole('img', { name: '照片预览' })).toHaveAttribute(
    'src',
    expect.stringMatching(/^blob:/),
  );
};

const uploaded = (url: string) => ({
  status: 200,
  body: { status: 200, msg: PHOTO_MESSAGES.uploaded, data: { url } },
});

function Harness({
  initial = '',
  isDisabled = false,
  onChange = () => {},
}: {
  initial?: string;
  isDisabled?: boolean;
  onChange?: (url: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <PhotoUpload
      label="照片"
      value={value}
      isDisabled={isDisabled}
      onChange={(url) => {
        setValue(url);
        onChange(url);
      }}
    />
  );
}

const png = (name = 'me.png', size = 100) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
const toasts = () => toastQueue.visibleToasts.map((t) => t.content.text);

beforeEach(() => {
  sessionStore.save(session);
  photoFetches = [];
  photoStatus = 200;
});

describe('PhotoUpload', () => {
  afterEach(() => {
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('states the limit, sends the photo as multipart `file` with the token, and shows it', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    const sent = stubFetch(() => uploaded(URL_A));
    render(<Harness onChange={onChange} />);
    expect(screen.getByText(PHOTO_MESSAGES.hint)).toBeInTheDocument();
    expect(screen.getByText('暂无照片')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: '上传照片' });
    expect(button).toHaveAccessibleDescription(PHOTO_MESSAGES.hint);
    expect(fileInput()).toHaveAttribute('accept', expect.stringContaining('image/png'));

    await user.upload(fileInput(), png());
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(URL_A));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: photoApi.upload.path, method: 'POST' });
    expect(sent[0]?.headers.get('authorization')).toBe(`Bearer ${session.token}`);
    const form = sent[0]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get(PHOTO_RULES.field) as File).name).toBe('me.png');
    await expectShown(URL_A);
    expect(toasts()).toContain(PHOTO_MESSAGES.uploaded);
    expect(screen.getByRole('button', { name: '更换照片' })).toBeEnabled();
  });

  it('waits while the photo uploads: the button cannot be pressed again', async () => {
    const user = userEvent.setup({ delay: null });
    const held = heldCalls();
    stubFetch(() => held.next().then((a) => ({ status: a.status ?? 200, body: a.body })));
    render(<Harness initial={URL_A} />);
    await user.upload(fileInput(), png());
    await waitFor(() => expect(held.count).toBe(1));
    expect(screen.getByRole('button', { name: '请稍候…' })).toBeDisabled();
    held.answer(uploaded(URL_B));
    await expectShown(URL_B);
    expect(screen.getByRole('button', { name: '更换照片' })).toBeEnabled();
  });

  it.each([
    [
      'a file that is not png, gif, jpg or jpeg',
      new File(['x'], 'me.bmp', { type: 'image/bmp' }),
      PHOTO_MESSAGES.type,
    ],
    ['a photo over 2 MB', png('big.jpg', PHOTO_RULES.maxBytes + 1), PHOTO_MESSAGES.size],
    ['an empty file', png('empty.png', 0), PHOTO_MESSAGES.type],
  ])('refuses %s before sending it, and keeps the photo it had', async (_, file, message) => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const sent = stubFetch(() => uploaded(URL_B));
    const onChange = vi.fn();
    render(<Harness initial={URL_A} onChange={onChange} />);
    await user.upload(fileInput(), file);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
    await expectShown(URL_A);
    expect(screen.getByRole('button', { name: '更换照片' })).toHaveAccessibleDescription(
      `${PHOTO_MESSAGES.hint} ${message}`,
    );
  });

  it.each([
    [
      'the server’s message when it gives one',
      { status: 413, body: { status: 413, msg: PHOTO_MESSAGES.size } },
      PHOTO_MESSAGES.size,
    ],
    ['图片上传失败 when it gives none', { status: 500, body: null }, PHOTO_MESSAGES.failed],
    [
      '图片上传失败 on an answer without a URL',
      { status: 200, body: { status: 200, msg: 'ok', data: {} } },
      PHOTO_MESSAGES.failed,
    ],
  ])('says %s, and keeps the photo it had', async (_, answer, message) => {
    const user = userEvent.setup({ delay: null });
    stubFetch(() => answer);
    const onChange = vi.fn();
    render(<Harness initial={URL_A} onChange={onChange} />);
    await user.upload(fileInput(), png());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // Said beside the field, where the believer looks: not a toast as well.
    expect(toasts()).not.toContain(message);
    expect(onChange).not.toHaveBeenCalled();
    await expectShown(URL_A);
    expect(screen.getByRole('button', { name: '更换照片' })).toBeEnabled();
  });

  it('says 图片上传失败 when the network fails', async () => {
    const user = userEvent.setup({ delay: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    render(<Harness />);
    await user.upload(fileInput(), png());
    expect(await screen.findByText(PHOTO_MESSAGES.failed)).toBeInTheDocument();
  });

  it('on a 401 hands over to the client, which clears the session', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = stubFetch(() => ({ status: 401, body: { status: 401, msg: AUTH_MESSAGES.unauthorized } }));
    render(<Harness />);
    await user.upload(fileInput(), png());
    await waitFor(() => expect(sessionStore.token()).toBeNull());
    expect(sent.map((s) => s.url)).toEqual([photoApi.upload.path, '/api/yxs-app/user/me']);
    expect(screen.queryByText(PHOTO_MESSAGES.failed)).not.toBeInTheDocument();
  });

  it('移除照片 clears the photo (and is offered only when there is one)', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch(() => uploaded(URL_B));
    const onChange = vi.fn();
    render(<Harness initial={URL_A} onChange={onChange} />);
    await expectShown(URL_A);
    await user.click(screen.getByRole('button', { name: '移除照片' }));
    expect(onChange).toHaveBeenCalledWith('');
    expect(await screen.findByText('暂无照片')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '移除照片' })).toBeNull();
    expect(screen.getByRole('button', { name: '上传照片' })).toBeEnabled();
  });

  it('cannot be used when disabled', () => {
    render(<Harness isDisabled />);
    expect(screen.getByRole('button', { name: '上传照片' })).toBeDisabled();
  });
});

describe('PhotoUpload preview', () => {
  it('shows 暂无照片 when the photo no longer loads', async () => {
    stubFetch(() => uploaded(URL_B));
    photoStatus = 404;
    render(<Harness initial={URL_A} />);
    expect(await screen.findByText('暂无照片')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '照片预览' })).toBeNull();
    expect(photoFetches.map((f) => f.url)).toEqual([URL_A]);
  });
});
