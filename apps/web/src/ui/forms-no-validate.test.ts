import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** Every plain `<form …>` and antd-mobile `<Form …>` opening tag of a file, with its attributes. */
function formTags(source: string): string[] {
  return [...source.matchAll(/<(?:form|Form)(?=[\s>])[^>]*>/g)].map((match) => match[0]);
}

describe('forms', () => {
  // The browser's own bubbles ("include an @") would sit over the field's inline error: the
  // app's rules check every field and say it once, under the field (issue 15).
  it('leave validation to the app: AppForm, or a plain form with noValidate', () => {
    const files = sourceFiles(SRC).filter((file) => !file.endsWith(`${path.sep}AppForm.tsx`));
    const offending = files.flatMap((file) =>
      formTags(readFileSync(file, 'utf8'))
        .filter((tag) => tag.startsWith('<Form') || !/\bnoValidate\b/.test(tag))
        .map((tag) => `${path.relative(SRC, file)}: ${tag.slice(0, 60)}`),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(offending).toEqual([]);
  });

  it('finds the forms it checks', () => {
    expect(formTags('<Form\n  form={form}\n  layout="vertical"\n>')).toHaveLength(1);
    expect(formTags('<form className="x" onSubmit={go}>')).toEqual(['<form className="x" onSubmit={go}>']);
    expect(formTags('<Form.Item name="a">')).toEqual([]);
    expect(formTags('<AppForm form={form}>')).toEqual([]);
  });
});
