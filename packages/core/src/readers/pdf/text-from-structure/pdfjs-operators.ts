/**
 * Operand counts of the content-stream operators as pdf.js 5.6's `EvaluatorPreprocessor.opMap` declares them
 * (pdf.worker.mjs). pdf.js re-deals operands between operators whose counts are off and skips unknown
 * operators while keeping their operands; the reader only follows streams where every count is exact.
 */
const fixed: Record<string, number> = {
  w: 1,
  J: 1,
  j: 1,
  M: 1,
  d: 2,
  ri: 1,
  i: 1,
  gs: 1,
  q: 0,
  Q: 0,
  cm: 6,
  m: 2,
  l: 2,
  c: 6,
  v: 4,
  y: 4,
  h: 0,
  re: 4,
  S: 0,
  s: 0,
  f: 0,
  F: 0,
  'f*': 0,
  B: 0,
  'B*': 0,
  b: 0,
  'b*': 0,
  n: 0,
  W: 0,
  'W*': 0,
  BT: 0,
  ET: 0,
  Tc: 1,
  Tw: 1,
  Tz: 1,
  TL: 1,
  Tf: 2,
  Tr: 1,
  Ts: 1,
  Td: 2,
  TD: 2,
  Tm: 6,
  'T*': 0,
  Tj: 1,
  TJ: 1,
  "'": 1,
  '"': 3,
  d0: 2,
  d1: 6,
  CS: 1,
  cs: 1,
  G: 1,
  g: 1,
  RG: 3,
  rg: 3,
  K: 4,
  k: 4,
  sh: 1,
  BI: 0,
  ID: 0,
  EI: 1,
  Do: 1,
  MP: 1,
  DP: 2,
  BMC: 1,
  BDC: 2,
  EMC: 0,
  BX: 0,
  EX: 0,
}

/** Colour operators with a variable operand count (up to the number given). */
const variable: Record<string, number> = { SC: 4, SCN: 33, sc: 4, scn: 33 }

/** True when pdf.js would run this operator with exactly these operands. */
export function hasExactOperands(op: string, count: number): boolean {
  const want = fixed[op]
  if (want !== undefined) return want === count
  const most = variable[op]
  return most !== undefined && count <= most
}
