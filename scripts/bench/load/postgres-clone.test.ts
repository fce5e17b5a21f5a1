import { describe, expect, it } from 'vitest'
import { cloneScript, copyValue, sqlIdent, sqlString } from './postgres-clone'

describe('cloneScript', () => {
  const tables = [
    {
      table: '"db"."checks_1"',
      templates: ['{"_id": "chk_A", "at": 1000, "n": 7, "record": {"id": "chk_A"}}'],
    },
    { table: '"db"."stages_2"', templates: ['{"_id": "chk_A:x", "t": "ten_1"}'] },
  ]
  const keys = ['chk_A', 'ten_1', '1000']
  const values = [
    ['chk_B', 'ten_2', '900'],
    ['chk_C', 'ten\t3', '800'],
  ]

  it('copies the values once and rewrites, per template, the top-level fields holding a key', () => {
    expect(cloneScript(tables, keys, values).split('\n')).toEqual([
      'SET default_toast_compression = lz4;',
      'CREATE TEMP TABLE clone_values (v0 text, v1 text, v2 text);',
      'COPY clone_values FROM STDIN;',
      'chk_B\tten_2\t900',
      'chk_C\tten\\t3\t800',
      '\\.',
      'INSERT INTO "db"."checks_1" (_jsonb) SELECT $tpl$' +
        '{"_id": "chk_A", "at": 1000, "n": 7, "record": {"id": "chk_A"}}' +
        "$tpl$::jsonb || jsonb_build_object('_id', to_jsonb(replace('chk_A', 'chk_A', v0)), 'at', to_jsonb(v2::bigint)) FROM clone_values;",
      'INSERT INTO "db"."stages_2" (_jsonb) SELECT $tpl$' +
        '{"_id": "chk_A:x", "t": "ten_1"}' +
        "$tpl$::jsonb || jsonb_build_object('_id', to_jsonb(replace('chk_A:x', 'chk_A', v0)), 't', to_jsonb(replace('ten_1', 'ten_1', v1))) FROM clone_values;",
      '',
    ])
  })

  it('replaces inside the whole text when asked, keys in their order', () => {
    const script = cloneScript(tables.slice(1), keys, values, 'whole')
    expect(script).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the dollar quote $tpl$ before a JSON object, not a placeholder
      'SELECT (replace(replace($tpl${"_id": "chk_A:x", "t": "ten_1"}$tpl$, \'chk_A\', v0), \'ten_1\', v1))::jsonb FROM clone_values;',
    )
  })

  it('refuses a template holding its own quote', () => {
    expect(() => cloneScript([{ table: 't', templates: ['{"s": "$tpl$"}'] }], [], [])).toThrow(/\$tpl\$/)
  })
})

describe('SQL and COPY quoting', () => {
  it('doubles quotes and escapes COPY text', () => {
    expect(sqlString("O'Neil")).toBe("'O''Neil'")
    expect(sqlIdent('a"b')).toBe('"a""b"')
    expect(copyValue('a\\b\tc\nd')).toBe('a\\\\b\\tc\\nd')
  })
})
