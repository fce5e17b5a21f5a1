import type { Rng } from '../random/rng'

/** Common Russian first names and patronymics; surnames appear only as initials or short masked forms. */
const male = [
  'Александр',
  'Алексей',
  'Андрей',
  'Дмитрий',
  'Иван',
  'Максим',
  'Михаил',
  'Никита',
  'Олег',
  'Павел',
  'Пётр',
  'Сергей',
  'Глеб',
  'Егор',
  'Кирилл',
  'Роман',
]
const female = [
  'Анна',
  'Мария',
  'Елена',
  'Ольга',
  'Наталья',
  'Татьяна',
  'Софья',
  'Дарья',
  'Екатерина',
  'Ирина',
  'Юлия',
  'Алина',
  'Светлана',
  'Ксения',
]
const fathers: Array<[string, string]> = [
  ['Александрович', 'Александровна'],
  ['Алексеевич', 'Алексеевна'],
  ['Андреевич', 'Андреевна'],
  ['Дмитриевич', 'Дмитриевна'],
  ['Иванович', 'Ивановна'],
  ['Михайлович', 'Михайловна'],
  ['Олегович', 'Олеговна'],
  ['Петрович', 'Петровна'],
  ['Сергеевич', 'Сергеевна'],
  ['Викторович', 'Викторовна'],
  ['Аркадьевич', 'Аркадьевна'],
  ['Николаевич', 'Николаевна'],
]
const surnames: Array<[string, string]> = [
  ['Иванов', 'Иванова'],
  ['Смирнов', 'Смирнова'],
  ['Кузнецов', 'Кузнецова'],
  ['Попов', 'Попова'],
  ['Соколов', 'Соколова'],
  ['Лебедев', 'Лебедева'],
  ['Новиков', 'Новикова'],
  ['Морозов', 'Морозова'],
  ['Петров', 'Петрова'],
  ['Волков', 'Волкова'],
]
const initials = 'АБВГДЕЖЗИКЛМНОПРСТУФХЧШЩЭЮЯ'

export interface Person {
  first: string
  patronymic: string
  surname: string
  /** first letter of the surname */
  initial: string
}

export function person(rng: Rng): Person {
  const isMale = rng.chance(0.5)
  const [pm, pf] = rng.pick(fathers)
  const [sm, sf] = rng.pick(surnames)
  const surname = isMale ? sm : sf
  return {
    first: rng.pick(isMale ? male : female),
    patronymic: isMale ? pm : pf,
    surname,
    initial: rng.chance(0.5) ? surname[0]! : rng.pick([...initials]),
  }
}

/** `Имя Отчество Ф.` */
export const firstPatronymicInitial = (p: Person): string => `${p.first} ${p.patronymic} ${p.initial}.`

const latin: Record<string, string> = {
  А: 'A',
  Б: 'B',
  В: 'V',
  Г: 'G',
  Д: 'D',
  Е: 'E',
  Ж: 'Zh',
  З: 'Z',
  И: 'I',
  К: 'K',
  Л: 'L',
  М: 'M',
  Н: 'N',
  О: 'O',
  П: 'P',
  Р: 'R',
  С: 'S',
  Т: 'T',
  У: 'U',
  Ф: 'F',
  Х: 'Kh',
  Ч: 'Ch',
  Ш: 'Sh',
  Щ: 'Shch',
  Э: 'E',
  Ю: 'Yu',
  Я: 'Ya',
}
/** A Latin spelling of a surname for cross-border recipients. */
export const latinName = (rng: Rng): string =>
  `${rng.pick(['Aliev', 'Karimov', 'Rakhimov', 'Nazarov', 'Yusupov', 'Saidov'])} ${latin[rng.pick([...initials])] ?? 'A'}.`

/** Fake employers: a legal form in capitals and a quoted name, as salary credits print the payer. */
export const organisations = [
  'ООО "СЕВЕРНЫЙ ВЕТЕР"',
  'АО "ТЕХНОСТРОЙ"',
  'ООО "ЛУЧ"',
  'ООО "ГОРИЗОНТ ПЛЮС"',
  'АО "РЕЧНОЙ ПОРТ"',
  'ПАО "ВОЛЖСКИЙ МАШИНОСТРОИТЕЛЬНЫЙ ЗАВОД"',
  'ФГУП "НАУЧНО-ПРОИЗВОДСТВЕННЫЙ ЦЕНТР"',
  'МУП "ГОРОДСКОЕ ТЕПЛОСНАБЖЕНИЕ"',
  'ООО "ТОРГОВЫЙ ДОМ СТЕПЬ"',
]
