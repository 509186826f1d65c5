//! The tables the reference entries take what the corpora do not give: author names (the most
//! common surnames and given names, US Census 2010 and SSA; China's 2020 census surnames and
//! common given-name characters), real journals with their founding year and the shape of their
//! publishers' DOIs, and real, widely cited books with their real authors, years and publishers.
//! Titles, outlets, dates and addresses of news articles and the laws' names, issuers and dates
//! are the corpora's (`scripts/corpus-essays.mjs`).

pub const SURNAMES: [&str; 40] = [
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Jones",
    "Garcia",
    "Miller",
    "Davis",
    "Rodriguez",
    "Martinez",
    "Hernandez",
    "Lopez",
    "Gonzalez",
    "Wilson",
    "Anderson",
    "Thomas",
    "Taylor",
    "Moore",
    "Jackson",
    "Martin",
    "Lee",
    "Perez",
    "Thompson",
    "White",
    "Harris",
    "Sanchez",
    "Clark",
    "Ramirez",
    "Lewis",
    "Robinson",
    "Walker",
    "Young",
    "Allen",
    "King",
    "Wright",
    "Scott",
    "Torres",
    "Nguyen",
    "Hill",
    "Flores",
];

pub const GIVEN: [&str; 30] = [
    "James",
    "Mary",
    "John",
    "Patricia",
    "Robert",
    "Jennifer",
    "Michael",
    "Linda",
    "William",
    "Elizabeth",
    "David",
    "Barbara",
    "Richard",
    "Susan",
    "Joseph",
    "Jessica",
    "Thomas",
    "Sarah",
    "Charles",
    "Karen",
    "Christopher",
    "Nancy",
    "Daniel",
    "Lisa",
    "Matthew",
    "Margaret",
    "Anthony",
    "Emily",
    "Mark",
    "Laura",
];

/// A journal, the year its volume 1 came out, and its DOIs' shape ('#' a digit, "{y}" the year;
/// empty for none).
pub const JOURNALS: [(&str, u32, &str); 28] = [
    ("Journal of Communication", 1951, "10.1111/jcom.#####"),
    (
        "Political Communication",
        1984,
        "10.1080/10584609.{y}.#######",
    ),
    ("Journalism Studies", 2000, "10.1080/1461670X.{y}.#######"),
    ("Digital Journalism", 2013, "10.1080/21670811.{y}.#######"),
    (
        "American Political Science Review",
        1906,
        "10.1017/S00030554########",
    ),
    ("The Journal of Politics", 1939, "10.1086/######"),
    ("Public Opinion Quarterly", 1937, "10.1093/poq/nfw###"),
    ("International Affairs", 1922, "10.1093/ia/iix###"),
    ("Journal of Democracy", 1990, "10.1353/jod.{y}.####"),
    (
        "European Journal of Political Research",
        1973,
        "10.1111/1475-6765.#####",
    ),
    ("International Security", 1976, "10.1162/ISEC_a_00###"),
    ("Energy Policy", 1973, "10.1016/j.enpol.{y}.##.###"),
    ("Climate Policy", 2001, "10.1080/14693062.{y}.#######"),
    (
        "Journal of Economic Perspectives",
        1987,
        "10.1257/jep.##.#.###",
    ),
    ("The China Quarterly", 1960, "10.1017/S0305741########"),
    ("Europe-Asia Studies", 1993, "10.1080/09668136.{y}.#######"),
    ("Media, Culture & Society", 1979, "10.1177/01634437########"),
    ("New Media & Society", 1999, "10.1177/14614448########"),
    (
        "Journal of Peace Research",
        1964,
        "10.1177/00223433########",
    ),
    (
        "Global Environmental Change",
        1991,
        "10.1016/j.gloenvcha.{y}.##.###",
    ),
    ("Health Affairs", 1981, "10.1377/hlthaff.{y}.####"),
    ("Journal of Refugee Studies", 1988, "10.1093/jrs/few###"),
    ("International Migration Review", 1966, "10.1111/imre.#####"),
    ("Security Dialogue", 1970, "10.1177/09670106########"),
    ("Survival", 1959, "10.1080/00396338.{y}.#######"),
    (
        "Review of International Political Economy",
        1994,
        "10.1080/09692290.{y}.#######",
    ),
    ("Foreign Affairs", 1922, ""),
    ("Nature", 1869, "10.1038/nature#####"),
];

/// A book: its authors (given name, surname), year, title, publisher and place.
pub type Book = (
    &'static [(&'static str, &'static str)],
    u32,
    &'static str,
    &'static str,
    &'static str,
);

#[rustfmt::skip]
pub const BOOKS: [Book; 25] = [
    (&[("Edward S.", "Herman"), ("Noam", "Chomsky")], 1988, "Manufacturing Consent: The Political Economy of the Mass Media", "Pantheon Books", "New York"),
    (&[("Walter", "Lippmann")], 1922, "Public Opinion", "Harcourt, Brace and Company", "New York"),
    (&[("Hannah", "Arendt")], 1951, "The Origins of Totalitarianism", "Harcourt, Brace and Company", "New York"),
    (&[("Neil", "Postman")], 1985, "Amusing Ourselves to Death: Public Discourse in the Age of Show Business", "Viking", "New York"),
    (&[("Robert D.", "Putnam")], 2000, "Bowling Alone: The Collapse and Revival of American Community", "Simon & Schuster", "New York"),
    (&[("Samuel P.", "Huntington")], 1996, "The Clash of Civilizations and the Remaking of World Order", "Simon & Schuster", "New York"),
    (&[("Benedict", "Anderson")], 1983, "Imagined Communities: Reflections on the Origin and Spread of Nationalism", "Verso", "London"),
    (&[("Francis", "Fukuyama")], 1992, "The End of History and the Last Man", "Free Press", "New York"),
    (&[("Daron", "Acemoglu"), ("James A.", "Robinson")], 2012, "Why Nations Fail: The Origins of Power, Prosperity, and Poverty", "Crown Business", "New York"),
    (&[("Eli", "Pariser")], 2011, "The Filter Bubble: What the Internet Is Hiding from You", "Penguin Press", "New York"),
    (&[("Steven", "Levitsky"), ("Daniel", "Ziblatt")], 2018, "How Democracies Die", "Crown", "New York"),
    (&[("Thomas", "Piketty")], 2014, "Capital in the Twenty-First Century", "Belknap Press of Harvard University Press", "Cambridge, MA"),
    (&[("Karl", "Polanyi")], 1944, "The Great Transformation", "Farrar & Rinehart", "New York"),
    (&[("Edward W.", "Said")], 1978, "Orientalism", "Pantheon Books", "New York"),
    (&[("Jürgen", "Habermas")], 1989, "The Structural Transformation of the Public Sphere", "MIT Press", "Cambridge, MA"),
    (&[("Daniel", "Kahneman")], 2011, "Thinking, Fast and Slow", "Farrar, Straus and Giroux", "New York"),
    (&[("Elizabeth", "Kolbert")], 2014, "The Sixth Extinction: An Unnatural History", "Henry Holt and Company", "New York"),
    (&[("Rachel", "Carson")], 1962, "Silent Spring", "Houghton Mifflin", "Boston"),
    (&[("Yochai", "Benkler"), ("Robert", "Faris"), ("Hal", "Roberts")], 2018, "Network Propaganda: Manipulation, Disinformation, and Radicalization in American Politics", "Oxford University Press", "New York"),
    (&[("Shoshana", "Zuboff")], 2019, "The Age of Surveillance Capitalism", "PublicAffairs", "New York"),
    (&[("Amartya", "Sen")], 1999, "Development as Freedom", "Oxford University Press", "Oxford"),
    (&[("Naomi", "Klein")], 2014, "This Changes Everything: Capitalism vs. the Climate", "Simon & Schuster", "New York"),
    (&[("John J.", "Mearsheimer")], 2001, "The Tragedy of Great Power Politics", "W. W. Norton", "New York"),
    (&[("Joseph S.", "Nye")], 2004, "Soft Power: The Means to Success in World Politics", "PublicAffairs", "New York"),
    (&[("Timothy", "Snyder")], 2017, "On Tyranny: Twenty Lessons from the Twentieth Century", "Tim Duggan Books", "New York"),
];

pub const ZH_SURNAMES: [&str; 30] = [
    "王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙", "马", "朱", "胡", "郭",
    "何", "林", "罗", "高", "郑", "梁", "谢", "宋", "唐", "许", "韩", "冯", "邓", "曹",
];

pub const ZH_GIVEN: [&str; 40] = [
    "伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰", "娟", "涛", "明",
    "超", "秀", "霞", "平", "刚", "文", "华", "建", "国", "志", "红", "晓", "云", "海", "宇", "浩",
    "欣", "佳", "思", "雨", "婷", "嘉", "泽", "晨",
];

/// Chinese law journals (cited as year(issue): pages, without volume, as GB/T 7714 allows).
pub const ZH_JOURNALS: [&str; 24] = [
    "法学研究",
    "中国法学",
    "中外法学",
    "法学",
    "法学家",
    "政法论坛",
    "法商研究",
    "现代法学",
    "法律科学",
    "比较法研究",
    "环球法律评论",
    "清华法学",
    "法制与社会发展",
    "当代法学",
    "政治与法律",
    "法学评论",
    "华东政法大学学报",
    "东方法学",
    "行政法学研究",
    "中国刑事法杂志",
    "法学论坛",
    "河北法学",
    "法律适用",
    "交大法学",
];

/// Real textbooks: author, title, edition (empty for none), publisher, year (all in Beijing).
#[rustfmt::skip]
pub const ZH_BOOKS: [(&str, &str, &str, &str, u32); 20] = [
    ("张明楷", "刑法学", "5版", "法律出版社", 2016),
    ("王利明", "民法总则研究", "2版", "中国人民大学出版社", 2012),
    ("梁慧星", "民法总论", "5版", "法律出版社", 2017),
    ("姜明安", "行政法与行政诉讼法", "7版", "北京大学出版社", 2019),
    ("陈兴良", "规范刑法学", "4版", "中国人民大学出版社", 2017),
    ("王泽鉴", "民法思维：请求权基础理论体系", "", "北京大学出版社", 2009),
    ("林来梵", "从宪法规范到规范宪法", "", "法律出版社", 2001),
    ("崔建远", "合同法", "3版", "法律出版社", 2016),
    ("王名扬", "美国行政法", "", "中国法制出版社", 1995),
    ("孙宪忠", "中国物权法总论", "3版", "法律出版社", 2014),
    ("陈瑞华", "刑事诉讼的前沿问题", "5版", "中国人民大学出版社", 2016),
    ("江平", "民法学", "", "中国政法大学出版社", 2007),
    ("刘俊海", "现代公司法", "3版", "法律出版社", 2015),
    ("苏力", "法治及其本土资源", "", "中国政法大学出版社", 1996),
    ("张文显", "法理学", "5版", "高等教育出版社", 2018),
    ("史尚宽", "债法总论", "", "中国政法大学出版社", 2000),
    ("王轶", "物权变动论", "", "中国人民大学出版社", 2001),
    ("程啸", "侵权责任法", "2版", "法律出版社", 2015),
    ("周光权", "刑法总论", "3版", "中国人民大学出版社", 2016),
    ("应松年", "行政法与行政诉讼法学", "", "法律出版社", 2009),
];

/// Chinese article titles on a law chapter's topic: {h} the chapter heading, {l} the law's short
/// name (without 中华人民共和国), {L} its full name.
pub const ZH_TITLES: [&str; 8] = [
    "论{h}",
    "{h}的解释与适用——以《{L}》为中心",
    "我国{h}制度的反思与完善",
    "《{l}》中{h}规则的理解与适用",
    "{h}的立法模式与制度选择",
    "{h}若干问题研究",
    "《{l}》实施中的{h}问题",
    "比较法视野下的{h}",
];

pub const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
