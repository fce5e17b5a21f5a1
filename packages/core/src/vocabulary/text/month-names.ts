/** Month names in the genitive, as a date is written in words (`20 января 2025`): index 0 is January. */
export const monthsGenitive: readonly string[] = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
]
