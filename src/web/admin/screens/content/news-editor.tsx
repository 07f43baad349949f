import { CONTENT_IMAGE_ACCEPT, CONTENT_IMAGE_MESSAGES, imageSources } from '@contract/content-image';
import { NEWS_EDIT_MESSAGES } from '@contract/news-editing';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldBox, fieldError, fieldLabel } from '../../../components/ui/field-styles';
import { RequiredMark } from '../../../components/ui/required-mark';
import { TextField } from '../../../components/ui/text-field';
import type { ConsoleError } from '../../api/console-client';
import { uploadContentImage } from '../../api/upload-image';

/**
 * The article's body, written in TipTap 3 (ProseMirror underneath): headless, so the console draws
 * its own large, labelled toolbar; it works with React 19 (@tiptap/react 3 supports it) and writes
 * plain semantic HTML (`<p>`, `<h2>`, `<strong>`, `<ul><li>`, `<a href>`, `<img src alt>`), no
 * inline styles or editor classes, which is what the sanitising policy keeps. Lexical was the other
 * candidate: its HTML needs its own exporter and carries editor class names; Quill 2 and CKEditor 5
 * bring their own toolbars and styles (CKEditor's licence too).
 *
 * The toolbar (标题, 加粗, 列表, 链接, 插入图片, 撤销) is one Tab stop group of 48 px buttons that say
 * their state (aria-pressed); 插入图片 uploads through the console's image endpoint and inserts the
 * upload's address (the server re-checks it and adds the srcset). What the editor holds is sent to
 * the server as it is: the server sanitises it on save with the same policy as the site.
 */
export interface NewsEditorProps {
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  isDisabled?: boolean;
}

const tool =
  'min-h-12 min-w-12 rounded-md border-2 border-ink-faint/40 bg-white px-4 text-lg text-ink outline-none hover:border-gold focus-visible:ring-4 focus-visible:ring-gold/60 aria-pressed:border-temple aria-pressed:bg-temple-pale aria-pressed:text-temple disabled:cursor-not-allowed disabled:opacity-50';

export function NewsEditor({ value, onChange, error, isDisabled = false }: NewsEditorProps) {
  const id = useId();
  const ids = { label: `${id}-label`, error: `${id}-error`, hint: `${id}-hint` };
  const picture = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [linking, setLinking] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | undefined>();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['https'],
          HTMLAttributes: { rel: null, target: null },
        },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: value,
    editable: !isDisabled,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': ids.label,
        'aria-describedby': error ? `${ids.hint} ${ids.error}` : ids.hint,
        'aria-invalid': error ? 'true' : 'false',
        class: `min-h-72 px-5 py-4 text-lg leading-loose outline-none [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:text-xl [&_h3]:font-semibold [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-8 [&_ol]:list-decimal [&_ol]:pl-8 [&_a]:text-temple [&_a]:underline [&_img]:my-2 [&_img]:max-w-full [&_img]:rounded-md`,
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });
  const busy = isDisabled || uploading || !editor;
  const run = (command: (chain: ReturnType<NonNullable<typeof editor>['chain']>) => unknown) => {
    if (editor) command(editor.chain().focus());
  };
  const insertPicture = async (file: File) => {
    setUploadError(null);
    setUploading(true);
    try {
      const url = await uploadContentImage(file);
      run((chain) => chain.setImage({ src: imageSources(url).src, alt: '' }).run());
    } catch (failure) {
      setUploadError((failure as ConsoleError).message || CONTENT_IMAGE_MESSAGES.failed);
    } finally {
      setUploading(false);
    }
  };
  const saveLink = () => {
    const href = (linking ?? '').trim();
    if (href === '') run((chain) => chain.extendMarkRange('link').unsetLink().run());
    else if (!/^https:\/\/[^\s]+$/.test(href)) return setLinkError(NEWS_EDIT_MESSAGES.linkInvalid);
    else run((chain) => chain.extendMarkRange('link').setLink({ href }).run());
    setLinking(null);
    setLinkError(undefined);
  };
  const message = uploadError ?? error;
  return (
    <div className="flex flex-col gap-2">
      <span id={ids.label} className={fieldLabel}>
        正文
        <RequiredMark />
      </span>
      <p id={ids.hint} className="text-base text-ink-soft">
        外部链接类文章可不写正文。保存时网站会自动过滤不安全的内容。
      </p>
      <div className={`${fieldBox} flex flex-col`} data-invalid={error ? true : undefined}>
        <div
          role="toolbar"
          aria-label="正文格式"
          className="flex flex-wrap gap-2 border-b-2 border-paper-deep bg-paper p-2"
        >
          <button
            type="button"
            className={tool}
            disabled={busy}
            aria-pressed={editor?.isActive('heading', { level: 2 }) ?? false}
            onClick={() => run((chain) => chain.toggleHeading({ level: 2 }).run())}
          >
            标题
          </button>
          <button
            type="button"
            className={tool}
            disabled={busy}
            aria-pressed={editor?.isActive('bold') ?? false}
            onClick={() => run((chain) => chain.toggleBold().run())}
          >
            加粗
          </button>
          <button
            type="button"
            className={tool}
            disabled={busy}
            aria-pressed={editor?.isActive('bulletList') ?? false}
            onClick={() => run((chain) => chain.toggleBulletList().run())}
          >
            列表
          </button>
          <button
            type="button"
            className={tool}
            disabled={busy}
            aria-pressed={editor?.isActive('link') ?? false}
            onClick={() =>
              setLinking((editor?.getAttributes('link').href as string | undefined) ?? 'https://')
            }
          >
            链接
          </button>
          <button type="button" className={tool} disabled={busy} onClick={() => picture.current?.click()}>
            {uploading ? '正在上传…' : '插入图片'}
          </button>
          <button
            type="button"
            className={tool}
            disabled={busy || !editor?.can().undo()}
            onClick={() => run((chain) => chain.undo().run())}
          >
            撤销
          </button>
          <input
            ref={picture}
            type="file"
            accept={CONTENT_IMAGE_ACCEPT}
            tabIndex={-1}
            aria-hidden="true"
            className="hidden"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void insertPicture(file);
            }}
          />
        </div>
        {linking !== null ? (
          <div className="flex flex-wrap items-start gap-3 border-b-2 border-paper-deep bg-paper p-3">
            <TextField
              label="链接网址"
              type="url"
              autoFocus
              value={linking}
              onChange={(text) => {
                setLinking(text);
                setLinkError(undefined);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  saveLink();
                }
              }}
              error={linkError}
              className="w-[28rem]"
            />
            <Button className="mt-8" onPress={saveLink}>
              确定
            </Button>
            <Button tone="quiet" className="mt-8" onPress={() => setLinking(null)}>
              取消
            </Button>
          </div>
        ) : null}
        <EditorContent editor={editor} />
      </div>
      {message ? (
        <p id={ids.error} role="alert" className={fieldError}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
