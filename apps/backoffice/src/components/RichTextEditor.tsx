import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import FormatStrikethrough from '@mui/icons-material/FormatStrikethrough';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import LinkIcon from '@mui/icons-material/Link';
import LinkOff from '@mui/icons-material/LinkOff';
import Redo from '@mui/icons-material/Redo';
import Title from '@mui/icons-material/Title';
import Undo from '@mui/icons-material/Undo';
import { Box, Divider, IconButton, Stack, Tooltip } from '@mui/material';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n.tsx';

/** Styles shared by the editor and the preview, so both read like the player site's formatted text. */
export const richTextSx = {
  '& p': { my: 1 },
  '& h2, & h3': { mt: 2, mb: 1, lineHeight: 1.3 },
  '& ul, & ol': { pl: 3 },
  '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
  '& a': { color: 'primary.main' },
  '& img': { maxWidth: '100%' },
} as const;

/**
 * The content screen's rich-text editor (TipTap's starter kit: headings, bold, italic, underline,
 * strike, lists, quote, links). It writes HTML; the server sanitizes it before keeping it.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange(html: string): void;
  label: string;
}) {
  const { t } = useI18n();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['https', 'http', 'mailto', 'tel'] },
      }),
    ],
    content: value,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', 'data-testid': 'rich-text-editor' },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      heading: e.isActive('heading', { level: 2 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });

  const tool = (name: string, icon: ReactNode, run: (e: Editor) => void, active = false, disabled = false) => (
    <Tooltip title={name} key={name}>
      <span>
        <IconButton
          size="small"
          aria-label={name}
          aria-pressed={active}
          disabled={disabled}
          color={active ? 'primary' : 'default'}
          onClick={() => run(editor)}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  const link = (e: Editor) => {
    const href = window.prompt(t('linkPrompt'), (e.getAttributes('link').href as string | undefined) ?? 'https://');
    if (href === null) return;
    if (href.trim() === '') e.chain().focus().extendMarkRange('link').unsetLink().run();
    else e.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
      <Stack
        direction="row"
        role="toolbar"
        aria-label={label}
        sx={{ flexWrap: 'wrap', gap: 0.25, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {tool(t('editorBold'), <FormatBold />, (e) => e.chain().focus().toggleBold().run(), state?.bold)}
        {tool(t('editorItalic'), <FormatItalic />, (e) => e.chain().focus().toggleItalic().run(), state?.italic)}
        {tool(
          t('editorUnderline'),
          <FormatUnderlined />,
          (e) => e.chain().focus().toggleUnderline().run(),
          state?.underline,
        )}
        {tool(t('editorStrike'), <FormatStrikethrough />, (e) => e.chain().focus().toggleStrike().run(), state?.strike)}
        <Divider orientation="vertical" flexItem />
        {tool(
          t('editorHeading'),
          <Title />,
          (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
          state?.heading,
        )}
        {tool(
          t('editorBullet'),
          <FormatListBulleted />,
          (e) => e.chain().focus().toggleBulletList().run(),
          state?.bullet,
        )}
        {tool(
          t('editorOrdered'),
          <FormatListNumbered />,
          (e) => e.chain().focus().toggleOrderedList().run(),
          state?.ordered,
        )}
        {tool(t('editorQuote'), <FormatQuote />, (e) => e.chain().focus().toggleBlockquote().run(), state?.quote)}
        <Divider orientation="vertical" flexItem />
        {tool(t('editorLink'), <LinkIcon />, link, state?.link)}
        {tool(t('editorUnlink'), <LinkOff />, (e) => e.chain().focus().unsetLink().run(), false, !state?.link)}
        <Box sx={{ flex: 1 }} />
        {tool(t('editorUndo'), <Undo />, (e) => e.chain().focus().undo().run(), false, !state?.undo)}
        {tool(t('editorRedo'), <Redo />, (e) => e.chain().focus().redo().run(), false, !state?.redo)}
      </Stack>
      <Box
        sx={{
          px: 2,
          ...richTextSx,
          '& .ProseMirror': { minHeight: 180, outline: 'none', py: 1 },
          '& .ProseMirror:focus-visible': { outline: 'none' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
