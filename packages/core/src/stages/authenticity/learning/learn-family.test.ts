import { describe, expect, it } from 'vitest'
import { parsePdfStructure } from '../../../readers/pdf/structure/parse-structure'
import { simplePagePdf } from '../../../testing/pdf/minimal-pdf'
import { sampleOf } from '../judging/assess'
import { falseAlarmRate } from '../judging/verdict-score'
import { calibrate, foldOf, learnFamilyFingerprint } from './learn-family'

/** Ten genuine files of one writer; every fifth was made by a second version of the generator. */
const samples = Array.from({ length: 10 }, (_, i) =>
  sampleOf(
    parsePdfStructure(
      simplePagePdf(`BT /F1 12 Tf 1 0 0 1 10 ${20 + i} Tm (Hi)Tj ET\n`, {
        info: `<< /Producer (Generator ${i % 5 === 4 ? '2' : '1'}) >>`,
      }),
    ),
    'test',
  ),
)

describe('learnFamilyFingerprint', () => {
  it('given genuine samples, when learned, then the fingerprint covers all of them and carries out-of-sample rates', () => {
    const fp = learnFamilyFingerprint('test', samples, { version: 'test-1' })
    expect(fp.version).toBe('test-1')
    expect(fp.samples).toBe(10)
    expect(fp.categorical['producer']).toEqual(['Generator 1', 'Generator 2'])
    expect(fp.calibration?.method).toBe('inner 5-fold over 10 genuine samples')
    // Each judged once, by a fingerprint learned without it: every soft check judged 10 times.
    expect(fp.calibration?.checks['generator.producer']).toEqual({ judged: 10, fired: expect.any(Number) })
    expect(fp.calibration?.checks['structure.object_count']).toEqual({ judged: 10, fired: 0 })
    // Hard checks are not calibrated: they cannot fail on a genuine file.
    expect(fp.calibration?.checks['revisions.single']).toBeUndefined()
  })

  it('measures a variation the full fingerprint hides: the second version fails when its fold is held out', () => {
    // Interleaved folds put both second-version files (indices 4 and 9) in fold 4: neither is learned then.
    expect([4, 9].map((i) => foldOf(i, 5))).toEqual([4, 4])
    const fp = learnFamilyFingerprint('test', samples)
    expect(fp.calibration?.checks['generator.producer']).toEqual({ judged: 10, fired: 2 })
    expect(falseAlarmRate(fp, 'generator.producer').rate).toBeCloseTo(3 / 12)
  })

  it('counts confirmed receipts it must not learn in the calibration: their stratum’s rate rises, the fingerprint is unchanged', () => {
    const ones = samples.filter((_, i) => i % 5 !== 4)
    const confirmed = [0, 1, 2].map((i) =>
      sampleOf(
        parsePdfStructure(
          // A larger type than the eight learned: `content.font_sizes` fires on each.
          simplePagePdf(`BT /F1 20 Tf 1 0 0 1 10 ${30 + i} Tm (Hi)Tj ET\n`, {
            info: '<< /Producer (Generator 3) >>',
          }),
        ),
        'test',
      ),
    )
    const without = learnFamilyFingerprint('test', ones)
    const fp = learnFamilyFingerprint('test', ones, { judgedOnly: confirmed })
    // Learned from the eight alone: the confirmed producer is not part of the fingerprint.
    expect(fp.samples).toBe(8)
    expect(fp.categorical['producer']).toEqual(['Generator 1'])
    expect(fp.calibration?.method).toBe('inner 5-fold over 8 genuine samples (+ 3 confirmed, judged only)')
    const strata = fp.calibration?.strata?.['version:Generator 3']
    expect(fp.calibration?.checks['content.font_sizes']).toEqual({ judged: 11, fired: 3 })
    expect(strata?.['content.font_sizes']).toEqual({ judged: 3, fired: 3 })
    expect(fp.calibration?.unseen?.['version:Generator 3']?.['content.font_sizes']).toEqual({
      judged: 3,
      fired: 3,
    })
    // A check that fired on confirmed-genuine receipts of a version weighs less on that version …
    const stratum = { version: 'Generator 3' }
    const rate = (f: typeof fp, name: string) => falseAlarmRate(f, name, stratum).rate
    expect(rate(fp, 'content.font_sizes')).toBeGreaterThan(3 * rate(without, 'content.font_sizes'))
    // … but the version's own identity (a producer the guard refused) is not softened by them.
    expect(strata?.['generator.producer']).toBeUndefined()
    expect(fp.calibration?.checks['generator.producer']).toEqual({ judged: 8, fired: 0 })
    expect(rate(fp, 'generator.producer')).toBe(rate(without, 'generator.producer'))
  })

  it('given one sample, then no calibration: the default rate applies', () => {
    expect(calibrate('test', samples.slice(0, 1))).toBeUndefined()
    expect(learnFamilyFingerprint('test', samples.slice(0, 1)).calibration).toBeUndefined()
  })
})
