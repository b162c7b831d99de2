import '@mantine/tiptap/styles.layer.css';
import { Input } from '@mantine/core';
import { RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import type { WidgetProps } from '@rjsf/utils';
import { useEditor } from '@tiptap/react';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { cspNonce } from '../shared/engine';

/** The toolbar's names in Chinese (screen readers and tooltips read them). */
const LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: '加粗', italicControlLabel: '斜体', underlineControlLabel: '下划线', strikeControlLabel: '删除线',
  clearFormattingControlLabel: '清除格式', linkControlLabel: '插入链接', unlinkControlLabel: '取消链接',
  bulletListControlLabel: '无序列表', orderedListControlLabel: '有序列表', h3ControlLabel: '标题', h4ControlLabel: '小标题',
  blockquoteControlLabel: '引用', hrControlLabel: '分隔线', undoControlLabel: '撤销', redoControlLabel: '重做',
  linkEditorInputLabel: '链接地址', linkEditorInputPlaceholder: 'https://…', linkEditorSave: '确定',
  linkEditorExternalLink: '在新窗口打开', linkEditorInternalLink: '在本窗口打开',
};

/**
 * `ui:widget: richtext` — formatted text (bold, lists, headings, links) kept as HTML in a `type: string` field. Only
 * what the server keeps is offered (server/services/rich-text.ts sanitises what is saved); an empty editor is ''.
 * TipTap's few base styles are written with the page's CSP nonce, as Mantine's are.
 */
export default function RichTextWidget(props: WidgetProps) {
  const { id, value, label, hideLabel, required, disabled, readonly, rawErrors, onChange, onBlur, placeholder } = props;
  const html = typeof value === 'string' ? value : '';
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [3, 4] }, code: false, codeBlock: false, trailingNode: false, link: { openOnClick: false, protocols: ['http', 'https'], defaultProtocol: 'https' } }), Placeholder.configure({ placeholder: placeholder || '' })],
    content: html,
    editable: !(disabled || readonly),
    injectNonce: cspNonce() || undefined,
    editorProps: { attributes: { id, 'aria-label': label || '正文' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur(id, html),
  });
  // A value that arrives later (an edit form loads its record) replaces the text; the editor's own changes do not.
  // An editor useEditor has already replaced is destroyed (no schema): reading its HTML would crash the form.
  useEffect(() => {
    if (!editor || editor.isDestroyed || editor.isFocused) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (html !== current) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!(disabled || readonly));
  }, [editor, disabled, readonly]);

  const error = rawErrors?.length ? rawErrors.join('\n') : undefined;
  return (
    <Input.Wrapper label={hideLabel ? undefined : label} required={required} error={error}>
      <RichTextEditor editor={editor} labels={LABELS} data-testid="richtext">
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold /><RichTextEditor.Italic /><RichTextEditor.Underline /><RichTextEditor.Strikethrough /><RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H3 /><RichTextEditor.H4 /><RichTextEditor.BulletList /><RichTextEditor.OrderedList /><RichTextEditor.Blockquote /><RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link /><RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo /><RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={140} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
