// A translated copy for the tests of translated evidence (tests/js/model.test.mjs, tests/js/cli.test.mjs,
// tests/e2e/model.test.mjs, tests/e2e/translated.test.mjs): an English paragraph written for them and
// its Chinese translation, sentence by sentence (ground truth by construction; tests/translated.rs
// holds the same texts for the native tests).

/** The English source: six sentences on the water wheels of Hama. */
export const NORIAS_EN = 'The norias of Hama are a set of wooden water wheels on the Orontes River in western Syria. '
  + 'The oldest of them were built in the Middle Ages to lift water from the river into aqueducts. '
  + 'Each wheel is turned by the current alone and can reach a height of twenty meters. '
  + 'The water is carried in wooden boxes fixed to the rim and poured into a stone channel at the top. '
  + 'From there the aqueducts brought it to the gardens, the mosques and the public baths of the town. '
  + 'Seventeen of the wheels survive today, although none of them is used for irrigation any more.';

/** Its Russian translation, one sentence for each (written for the tests). */
export const NORIAS_RU = 'Нории Хамы — это группа деревянных водяных колёс на реке Оронт на западе Сирии. '
  + 'Самые старые из них были построены в Средние века, чтобы поднимать воду из реки в акведуки. '
  + 'Каждое колесо вращается только течением и может достигать высоты двадцати метров. '
  + 'Вода переносится в деревянных ящиках, закреплённых на ободе, и выливается наверху в каменный жёлоб. '
  + 'Оттуда акведуки доставляли её в сады, мечети и общественные бани города. '
  + 'Семнадцать колёс сохранились до наших дней, хотя ни одно из них больше не используется для орошения.';

/** Its Chinese translation, one sentence for each. */
export const NORIAS_ZH = '哈马水车是叙利亚西部奥龙特斯河上的一组木制水车。其中最古老的水车建于中世纪，用来把河水提升到渡槽里。'
  + '每个水车只靠水流转动，高度可达二十米。水被装在固定于轮缘上的木箱里，到顶部时倒入一条石砌水渠。'
  + '渡槽再从那里把水送到城里的花园、清真寺和公共浴室。今天仍有十七座水车保存下来，不过已经没有一座用于灌溉。';
