/**
 * Admin command for settlement (docs/settlement.md): a bank statement file into the tenant's credits.
 *
 *   npm run admin -- credits import --tenant <tenant> --format 1c|csv [--columns line_id:Номер,…] [--delimiter ;] FILE
 *
 * The whole file is parsed and checked first (core's statement parsers); a bad file prints the line and
 * the problem and publishes nothing. Good lines go to credit.received.v1, as POST /v1/credits/statements
 * sends them; lines already imported are not applied twice (idempotent per line id).
 */
import { readFileSync } from 'node:fs'
import {
  type CsvColumns,
  creditLineProblem,
  parseCsvColumns,
  parseStatement,
  StatementError,
} from '@rv/core/settlement'
import type { CreditReceivedV1 } from '@rv/schemas'
import type { Store } from '@rv/store'
import { parseArgs } from './command'

export type CreditsCommand = (
  store: Store,
  args: string[],
  io: { publishCredits: (events: readonly CreditReceivedV1[]) => Promise<void> },
) => Promise<string>

const usage =
  'credits import --tenant <tenant> --format 1c|csv [--columns name:Header,…] [--delimiter ;] FILE'

export const creditCommands: Record<string, CreditsCommand> = {
  'credits import': async (store, args, io) => {
    const { positional, flags } = parseArgs(args)
    const [file] = positional
    const format = flags.format
    if (!file || !flags.tenant || (format !== '1c' && format !== 'csv')) throw new Error(`usage: ${usage}`)
    const tenant = await store.tenants.findTenant(flags.tenant)
    if (!tenant) throw new Error(`no tenant ${flags.tenant}`)
    let csv: { columns: CsvColumns; delimiter?: string } | undefined
    if (format === 'csv') {
      if (!flags.columns) throw new Error(`usage: ${usage} (csv needs --columns)`)
      csv = {
        columns: parseCsvColumns(flags.columns),
        ...(flags.delimiter ? { delimiter: flags.delimiter } : {}),
      }
    }
    let lines: ReturnType<typeof parseStatement>
    try {
      lines = parseStatement(new Uint8Array(readFileSync(file)), format, csv)
    } catch (error) {
      if (error instanceof StatementError)
        throw new Error(`${error.code}: ${file}: ${error.message}; nothing was imported`)
      throw error
    }
    // What the gateway also refuses: an amount the store cannot hold, a control character (nothing imported).
    for (const [i, line] of lines.entries()) {
      const problem = creditLineProblem(line)
      if (problem)
        throw new Error(
          `statement_invalid: ${file}: /lines/${i}${problem.path} ${problem.message}; nothing was imported`,
        )
    }
    await io.publishCredits(lines.map((credit) => ({ tenant_id: tenant._id, source: 'statement', credit })))
    return JSON.stringify({
      tenant_id: tenant._id,
      accepted: lines.length,
      line_ids: lines.map((l) => l.line_id),
    })
  },
}
