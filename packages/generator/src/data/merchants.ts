/**
 * Fake merchants for purchases paid by an SBP QR code: the shop's name as the payer's bank prints it and the
 * legal entity behind it (a company or a sole trader). Invented names, shaped like real ones.
 */
export interface Merchant {
  shop: string
  legal: string
}

export const merchants: readonly Merchant[] = [
  { shop: 'Продукты у дома', legal: 'ООО "ЛУЧ"' },
  { shop: 'KOFEYNYA ZERNO', legal: 'ИП Соколова Марина Андреевна' },
  { shop: 'Цветочная лавка', legal: 'ИП Морозов Денис Олегович' },
  { shop: 'SEVERNY VETER', legal: 'ООО "СЕВЕРНЫЙ ВЕТЕР"' },
  { shop: 'Аптека Здоровье', legal: 'ООО "ГОРИЗОНТ ПЛЮС"' },
  { shop: 'PEKARNYA KOLOSOK', legal: 'ИП Лебедев Артём Игоревич' },
  { shop: 'Торговый дом Степь', legal: 'ООО "ТОРГОВЫЙ ДОМ СТЕПЬ"' },
  { shop: 'AVTOMOYKA 24', legal: 'ИП Кузнецова Ольга Павловна' },
]
