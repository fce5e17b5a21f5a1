/** VTB's salary credit: a centred paragraph under the title (payer's taxpayer number, payer, purpose). */
import { organisations } from '../../data/people'
import { dmy, msk } from '../../format/time'
import { type VtbBase, vtbPage } from './vtb-base'
import type { VtbContent } from './vtb-content'
import { wrapParagraph } from './vtb-paragraph'

const months = [
  'январь',
  'февраль',
  'март',
  'апрель',
  'май',
  'июнь',
  'июль',
  'август',
  'сентябрь',
  'октябрь',
  'ноябрь',
  'декабрь',
]

export function vtbSalary(b: VtbBase): VtbContent {
  const { rng, s, fields, account } = b
  const t0 = msk(s.at)
  const month = `${months[(t0.month + 10) % 12]} ${t0.month === 1 ? t0.year - 1 : t0.year} г.`
  // Under the title one centred paragraph, wrapped to the page: the payer's taxpayer number, the payer and
  // the purpose. Both real salary credits wrap it into six lines (page height 366.75), so texts are drawn
  // until one does; another count would move the rows by 12 pt a line.
  let org = ''
  let purpose = ''
  let lines: string[] = []
  for (let attempt = 0; attempt < 8 && lines.length !== 6; attempt++) {
    org = rng.pick(organisations)
    const register = `№ ${rng.int(1, 999)} от ${dmy(t0)}`
    const contract = `№ ${rng.int(10, 9999)}${rng.chance(0.5) ? `/${rng.int(1, 99)}` : ''} от ${dmy(msk(s.at - rng.int(200, 3000) * 86_400_000))}`
    purpose = rng.pick([
      `Зачисление заработной платы за ${month} по реестру ${register} согласно договору ${contract} о зачислении денежных средств на счета работников. НДС не облагается`,
      `Заработная плата за ${month} Реестр ${register}. Перечисление по договору ${contract} на счета сотрудников. Без налога (НДС)`,
      `Аванс за ${month} по реестру ${register} по договору ${contract} о выплате заработной платы на счета работников. НДС не облагается`,
    ])
    lines = wrapParagraph(`${rng.int(1, 9)}${rng.digits(9)} ${org} ${purpose}`)
  }
  Object.assign(fields, {
    bank: 'vtb',
    type: 'salary',
    sender_name: org,
    purpose,
    recipient_account: account,
  })
  // 366.75 with six paragraph lines (FAMILIES.md); each line more or less moves the rows by 12 pt
  return vtbPage(
    b,
    ['Поступление заработной платы', ...lines],
    [b.status, b.dateRow, { label: 'Счет зачисления', value: account }],
    294.75 + 12 * lines.length,
  )
}
