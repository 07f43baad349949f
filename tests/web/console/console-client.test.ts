import { consoleApi } from '@contract/console';
import { CONTENT_IMAGE_UPLOAD_HEADER } from '@contract/content-image';
import { VIDEO_CATALOGUE_MESSAGES as M } from '@contract/video-catalogue';
import { ConsoleError, consoleCall, setSignedOutHandler } from '@web/admin/api/console-client';
import { uploadVideoFile } from '@web/admin/screens/content/video-queries';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, refused } from '../../support/fake-api';
import { api, staffMe } from '../../support/fake-console-api';

const lastToast = () => toastQueue.visibleToasts.at(-1)?.content.text;
const FILM = api('/video-files/film');
const film = () =>
  new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], 'dharma-talk.webm', { type: 'video/webm' });

/** The console's client and uploads over the one transport: what a clerk reads when a call fails. */
describe('the console client', () => {
  afterEach(() => {
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
    setSignedOutHandler(() => {});
  });

  it('sends the session cookie, fills the path, leaves an empty filter out, and answers the data', async () => {
    const fake = fakeApi({ [`GET ${api('/session')}`]: () => ok(staffMe()) });
    await expect(consoleCall(consoleApi.me, { query: { q: '', page: 2 } })).resolves.toEqual(staffMe());
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(String(vi.mocked(fetch).mock.calls[0]?.[0])).toMatch(/\/session\?page=2$/);
    expect(fake.calls[0]?.headers.get('Content-Type')).toBeNull();
  });

  it("a refusal rejects with the server's message and shows it; without one, 操作失败", async () => {
    fakeApi({ [`GET ${api('/session')}`]: () => refused(409, '内容已被他人修改，请重新读取') });
    await expect(consoleCall(consoleApi.me)).rejects.toMatchObject({
      message: '内容已被他人修改，请重新读取',
      status: 409,
    });
    expect(lastToast()).toBe('内容已被他人修改，请重新读取');
    fakeApi({ [`GET ${api('/session')}`]: () => ({ status: 500, body: null }) });
    await expect(consoleCall(consoleApi.me, { quiet: true })).rejects.toThrow('操作失败');
  });

  it('a network failure says 网络连接失败 with status 0', async () => {
    fakeApi({ [`GET ${api('/session')}`]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const failure = consoleCall(consoleApi.me);
    await expect(failure).rejects.toBeInstanceOf(ConsoleError);
    await expect(failure).rejects.toMatchObject({ message: '网络连接失败，请稍后再试', status: 0 });
  });

  it('a 401 hands its message to the shell, without a toast', async () => {
    const signedOut = vi.fn();
    setSignedOutHandler(signedOut);
    fakeApi({ [`GET ${api('/session')}`]: () => refused(401, '请先登录工作台') });
    await expect(consoleCall(consoleApi.me)).rejects.toMatchObject({ status: 401 });
    expect(signedOut).toHaveBeenCalledWith('请先登录工作台');
    expect(lastToast()).toBeUndefined();
  });

  it('a film goes as the body with the upload header and its type, and answers its address', async () => {
    const fake = fakeApi({ [`POST ${FILM}`]: () => ok({ url: '/media/films/abc.webm', bytes: 4 }) });
    await expect(uploadVideoFile('film', film())).resolves.toBe('/media/films/abc.webm');
    expect(fake.calls[0]?.headers.get(CONTENT_IMAGE_UPLOAD_HEADER)).toBe('1');
    expect(fake.calls[0]?.headers.get('Content-Type')).toBe('video/webm');
    expect(vi.mocked(fetch).mock.calls[0]?.[1]?.body).toBeInstanceOf(File);
  });

  it("a film's refusal says the server's message; a network failure or an answer without an address, 视频上传失败", async () => {
    fakeApi({ [`POST ${FILM}`]: () => refused(413, '视频不能超过200MB') });
    await expect(uploadVideoFile('film', film())).rejects.toThrow('视频不能超过200MB');
    fakeApi({ [`POST ${FILM}`]: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(uploadVideoFile('film', film())).rejects.toMatchObject({ message: M.filmFailed, status: 0 });
    fakeApi({ [`POST ${FILM}`]: () => ok({}) });
    await expect(uploadVideoFile('film', film())).rejects.toMatchObject({
      message: M.filmFailed,
      status: 200,
    });
  });

  it("a film's 401 asks the session again, which takes the member to the sign-in page", async () => {
    const signedOut = vi.fn();
    setSignedOutHandler(signedOut);
    const fake = fakeApi({
      [`POST ${FILM}`]: () => refused(401, '请先登录工作台'),
      [`GET ${api('/session')}`]: () => refused(401, '请先登录工作台'),
    });
    await expect(uploadVideoFile('film', film())).rejects.toMatchObject({ status: 401 });
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `POST ${FILM}`,
      `GET ${api('/session')}`,
    ]);
    expect(signedOut).toHaveBeenCalledWith('请先登录工作台');
  });
});
