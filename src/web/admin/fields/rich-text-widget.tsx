/**
 * Rich text with @mantine/tiptap: StarterKit plus Link, a toolbar whose
 * buttons carry aria-labels (Mantine's defaults), HTML out. The server
 * sanitises the HTML on write.
 */
import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import Link from '@tiptap/extension-link';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { useController } from 'react-hook-form';
import type { WidgetProps } from './widget-props.js';

function baseAttributes(labelId: string): Record<string, string> {
  return { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId };
}

export function RichTextWidget({ field, name }: WidgetProps) {
  const { field: input, fieldState } = useController({ name });
  const labelId = useId();
  const errorId = useId();
  const value = typeof input.value === 'string' ? input.value : '';
  const error = fieldState.error?.message;
  const editor = useEditor({
    // StarterKit 3 bundles Link; it is configured separately so links never open while editing.
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] })],
    content: value,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: baseAttributes(labelId),
    },
    onUpdate: ({ editor: e }) => input.onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => input.onBlur(),
  });

  // The form can replace the value (reload after a conflict): follow it without echoing an update.
  useEffect(() => {
    // Before the editor is mounted its view does not exist; it starts from `content` anyway.
    if (!editor || editor.isDestroyed || !editor.isInitialized) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // Give react-hook-form something to focus when this field is the first invalid one.
  const registerRef = input.ref;
  useEffect(() => {
    registerRef({ focus: () => editor?.commands.focus() });
  }, [editor, registerRef]);

  // The error is announced with the editable area: setOptions applies now if mounted, else at mount.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const attributes: Record<string, string> = { ...baseAttributes(labelId) };
    if (error) {
      attributes['aria-invalid'] = 'true';
      attributes['aria-describedby'] = errorId;
    }
    editor.setOptions({ editorProps: { attributes } });
  }, [editor, error, errorId, labelId]);

  return (
    <Input.Wrapper label={field.label} labelProps={{ id: labelId, component: 'span' }} required={field.required} description={field.help} error={error} errorProps={{ id: errorId }}>
      <RichTextEditor editor={editor} mt={4} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={160} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
