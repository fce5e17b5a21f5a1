/**
 * The hard checks on the file's bytes: facts no genuine receipt can have, by construction of the bank's
 * generator or of the PDF format — not by what a sample of genuine files happened to show. One failure is
 * enough for `forged`. Each rule is fixed (nothing here is learned) and its reason is in
 * docs/authenticity.md. The checks on printed values that are hard (arithmetic, SBP id time) live in
 * semantic-checks.ts and fx-check.ts.
 */
import type { CheckResult } from '@rv/schemas'
import type { DocumentFeatures } from '../features/features'
import { keptIdSubsetChecks } from '../features/kept-id-subset'

/**
 * Producers and creators of tools that edit, re-save, print or convert PDFs. A bank's server-side
 * generator is none of these; a payer who forwards the bank's file does not run them either.
 */
const EDITING_TOOLS: readonly RegExp[] = [
  /\bAcrobat\b/i,
  // The engine Acrobat saves with (also InDesign's export): no bank's receipt server runs it.
  /Adobe PDF Library/i,
  /PDF-XChange/i,
  /\bFoxit\b/i,
  /LibreOffice|OpenOffice/i,
  /Microsoft.{0,3}(Word|Office|Excel|PowerPoint)/i,
  /iLovePDF/i,
  /Smallpdf/i,
  /\bSejda\b/i,
  /PDFescape/i,
  /PDFelement|Wondershare/i,
  /\bNitro\b/i,
  /Master PDF/i,
  /\bpdftk\b/i,
  /\bPyPDF\d?\b|\bpypdf\b/i,
  /\bpikepdf\b/i,
  /\bPDFsam\b/i,
  /\bGhostscript\b/i,
  /\bInkscape\b/i,
  /\bCanva\b/i,
  /Photoshop|\bGIMP\b/i,
  /\bimg2pdf\b/i,
  /PDF ?Candy/i,
  /Soda ?PDF/i,
]

/**
 * The binary comment line (hex of the bytes after `%`) these tools write after the header on every file
 * they save, whatever the producer says: qpdf, Ghostscript, LibreOffice. Each bank's generator writes its
 * own library's comment (FAMILIES.md), none of these.
 */
const TOOL_HEADER_COMMENTS: Readonly<Record<string, string>> = {
  bff7a2fe: 'qpdf',
  c7ec8fa2: 'Ghostscript',
  c3a4c3bcc3b6c39f: 'LibreOffice',
}

function editingTool(value: string): string | null {
  const hit = EDITING_TOOLS.find((re) => re.test(value))
  return hit ? hit.source : null
}

export function hardChecks(f: DocumentFeatures): CheckResult[] {
  const n = f.numeric
  const c = f.categorical
  // A linearised file legitimately carries a first-page section: one more xref section, %%EOF and startxref.
  const sections = c['linearized'] === 'true' ? 2 : 1
  const out: CheckResult[] = [
    {
      name: 'revisions.single',
      hard: true,
      passed: (n['revisions'] ?? 1) <= sections,
      detail: `revisions (xref sections on the /Prev chain): expected at most ${sections}; found ${n['revisions']}`,
    },
    {
      name: 'revisions.eof_markers',
      hard: true,
      passed: (n['eofMarkers'] ?? 1) <= sections,
      detail: `%%EOF markers: expected at most ${sections}; found ${n['eofMarkers']}`,
    },
    {
      name: 'revisions.startxref_markers',
      hard: true,
      passed: (n['startxrefMarkers'] ?? 1) <= sections,
      detail: `startxref markers: expected at most ${sections}; found ${n['startxrefMarkers']}`,
    },
    {
      name: 'revisions.bytes_after_eof',
      hard: true,
      passed: (n['nonWhitespaceAfterEof'] ?? 0) === 0,
      detail: `non-whitespace bytes after the last %%EOF: expected 0; found ${n['nonWhitespaceAfterEof']}`,
    },
    {
      name: 'fonts.missing_glyphs',
      hard: true,
      passed: (n['missingGlyphs'] ?? 0) === 0,
      detail: `drawn codes the embedded font program has no glyph for: expected 0; found ${n['missingGlyphs'] ?? 0}`,
    },
  ]
  // ISO 32000-1 §7.5.4: every entry is exactly 20 bytes. Only a classic table has entries to measure.
  const lengths = [...(c['xrefEntries'] ?? '').matchAll(/(\d+):/g)].map((m) => Number(m[1]))
  if (lengths.length > 0) {
    const bad = lengths.filter((l) => l !== 20)
    out.push({
      name: 'structure.xref_entry_length',
      hard: true,
      passed: bad.length === 0,
      detail:
        bad.length === 0
          ? 'every cross-reference entry is 20 bytes, as the PDF format requires'
          : `cross-reference entries expected to be 20 bytes (ISO 32000-1 §7.5.4); found entries of ${bad.join(', ')} bytes`,
    })
  }
  const named = editingTool(c['producer'] ?? '') ?? editingTool(c['creator'] ?? '')
  const comment = TOOL_HEADER_COMMENTS[c['headerComment'] ?? '']
  const tool = named ? `Producer/Creator matching /${named}/` : comment ? `${comment}'s header comment` : null
  out.push({
    name: 'generator.editing_tool',
    hard: true,
    passed: tool === null,
    detail:
      tool === null
        ? 'no mark of a PDF editing, re-saving or converting tool (Producer, Creator, header comment)'
        : `expected the bank's generator's marks; found a PDF editing or converting tool: ${tool}`,
  })
  out.push(...keptIdSubsetChecks(f.fontProgram?.keptIdSubsets))
  return out
}
