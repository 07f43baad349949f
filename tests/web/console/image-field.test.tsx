import { CONTENT_IMAGE_UPLOAD_HEADER, CONTENT_IMAGE_MESSAGES as M } from '@contract/content-image';
import { STAFF_MESSAGES } from '@contract/staff';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageField } from '@web/admin/shell/image-field';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, heldCalls, ok, refused } from '../../support/fake-api';
import { api } from '../../support/fake-console-api';

const UPLOAD = api('/images');
const ID = '0123456789abcdef01234567';

/** The field in a form of its own: `changes` records every onChange, the value follows it. */
const open = (initial = '', error?: string) => {
  const changes: string[] = [];
  function Form() {
    const [value, setValue] = useState(initial);
    return (
      <ImageField
        label="法会图片"
        value={value}
        error={error}
        onChange={(url) => {
          changes.push(url);
          setValue(url);
        }}
      />
    );
  }
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Form />
    </QueryClientProvider>,
  );
  return { changes, user: userEvent.setup({ delay: null }) };
};

const jpeg = (name = 'hall.jpg', size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
const chooser = (name: RegExp = /法会图片：上传图片/) => screen.getByLabelText(name) as HTMLInputElement;

describe('ImageField (the console’s photograph of a content form)', () => {
  it('with no image says so, states the limits, and is reached by Tab', async () => {
    fakeApi({});
    const { user } = open();
    expect(screen.getByRole('group', { name: '法会图片' })).toBeInTheDocument();
    expect(screen.getByText('暂无图片，网站显示默认图案')).toBeInTheDocument();
    expect(chooser()).toHaveAccessibleDescription(M.hint);
    expect(screen.queryByRole('button', { name: '移除图片' })).not.toBeInTheDocument();
    await user.tab();
    expect(chooser()).toHaveFocus();
  });

  it('sends the chosen file with the upload header, waits disabled, then shows the upload and calls onChange', async () => {
    const uploads = heldCalls();
    const fake = fakeApi({ [`POST ${UPLOAD}`]: uploads.next });
    const { changes, user } = open();
    const file = jpeg();
    await user.upload(chooser(), file);
    await waitFor(() => expect(uploads.count).toBe(1));
    expect(chooser()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('正在上传…');
    const [call] = fake.calls;
    expect(call?.headers.get(CONTENT_IMAGE_UPLOAD_HEADER)).toBe('1');
    const sent = vi.mocked(fetch).mock.calls[0]?.[1]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toMatchObject({ name: 'hall.jpg', size: file.size });

    uploads.answer(ok({ url: `/uploads/${ID}` }, M.uploaded));
    await screen.findByText(M.uploaded);
    expect(changes).toEqual([`/uploads/${ID}`]);
    const preview = screen.getByRole('img', { name: '法会图片预览' });
    expect(preview).toHaveAttribute('src', `/uploads/${ID}-960.webp`);
    expect(preview.getAttribute('srcset')).toContain(`/uploads/${ID}-480.webp 480w`);
    expect(chooser(/法会图片：更换图片/)).toBeEnabled();
  });

  it('shows the server’s refusal beside the field and keeps the value', async () => {
    fakeApi({ [`POST ${UPLOAD}`]: () => refused(422, M.tooSmall) });
    const { changes, user } = open('/images/lotus.svg?title=&tone=1');
    await user.upload(chooser(/法会图片：更换图片/), jpeg());
    expect(await screen.findByRole('alert')).toHaveTextContent(M.tooSmall);
    const input = chooser(/法会图片：更换图片/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(`${M.hint} ${M.tooSmall}`);
    expect(changes).toEqual([]);
    expect(screen.getByRole('img', { name: '法会图片预览' })).toHaveAttribute(
      'src',
      '/images/lotus.svg?title=&tone=1',
    );
  });

  it('refuses a file of another type or over 10 MB before sending anything', async () => {
    const fake = fakeApi({});
    const { user } = open();
    // The chooser offers images only; a file dropped in anyway is judged by its name.
    await userEvent.setup({ delay: null, applyAccept: false }).upload(chooser(), new File(['x'], 'a.gif'));
    expect(await screen.findByRole('alert')).toHaveTextContent(M.type);
    const big = jpeg('big.jpg');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(chooser(), big);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(M.size));
    expect(fake.calls).toEqual([]);
  });

  it('a network failure says 图片上传失败', async () => {
    fakeApi({
      [`POST ${UPLOAD}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = open();
    await user.upload(chooser(), jpeg());
    expect(await screen.findByRole('alert')).toHaveTextContent(M.failed);
  });

  it('a session that ended is asked again, as every console call does (to the sign-in page)', async () => {
    const fake = fakeApi({
      [`POST ${UPLOAD}`]: () => refused(401, STAFF_MESSAGES.sessionEnded),
      [`GET ${api('/session')}`]: () => refused(401, STAFF_MESSAGES.sessionEnded),
    });
    const { changes, user } = open();
    await user.upload(chooser(), jpeg());
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.sessionEnded);
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST ${UPLOAD}`,
      `GET ${api('/session')}`,
    ]);
    expect(changes).toEqual([]);
  });

  it('移除图片 clears the value; the form’s own message shows beside the field', async () => {
    fakeApi({});
    const { changes, user } = open(`/uploads/${ID}`, M.invalid);
    expect(screen.getByRole('alert')).toHaveTextContent(M.invalid);
    await user.click(screen.getByRole('button', { name: '移除图片' }));
    expect(changes).toEqual(['']);
    expect(screen.getByText('暂无图片，网站显示默认图案')).toBeInTheDocument();
  });
});
