from common import *  # noqa

A = "manuscripts and documents"
ITEMS = [
I(A, "d", "Hikayat Hang Tuah: a nineteenth-century Jawi manuscript copy",
  "Hikayat Hang Tuah: salinan manuskrip Jawi abad ke-19",
  "Malay Peninsula", "19th century", 1800, 1899, MSS, PD,
  "hikayat hang tuah, hikayat, manuskrip, manuscript, jawi, hang tuah, melaka, malay literature, document",
  """A paper manuscript in Jawi script of the Hikayat Hang Tuah, the long prose epic that tells of Hang Tuah,
  the loyal admiral (laksamana) of the Melaka sultanate, and his companions Hang Jebat, Hang Kasturi, Hang
  Lekir and Hang Lekiu. The text follows Hang Tuah from his boyhood and his entry into royal service, through
  missions to Majapahit, China, India and Rum, to the famous episode in which he is sentenced to death on false
  charges, secretly spared, and returns to kill his friend Hang Jebat, who had rebelled to avenge him. The
  hikayat is read as a meditation on loyalty (taat setia) to the ruler and on the tension between loyalty and
  justice, and it has been retold in plays, films and school texts. The manuscript is written in black ink
  with rubrications in red, on European paper whose watermark suggests a nineteenth-century date, and is
  bound in a later cloth cover. Several leaves at the end are damaged by insects. The catalogue entry notes
  that copies of the Hikayat Hang Tuah were made by professional scribes for patrons and that no two copies
  are identical. The text as a whole, represented by a manuscript held in Malaysia, was inscribed on UNESCO's
  Memory of the World Register in 2001. A digital facsimile is available for reading."""),
I(A, "d", "Sejarah Melayu (Malay Annals): a study edition",
  "Sejarah Melayu: edisi kajian",
  "Malaysia", "1990s", 1997, 1997, MSS, CC,
  "sejarah melayu, malay annals, sulalatus salatin, hikayat, melaka, manuscript, jawi, malay literature, document",
  """A study edition of the Sejarah Melayu, also known as the Sulalatus Salatin ('Genealogy of Kings'), the
  most celebrated work of classical Malay historical writing. The text traces the descent of the rulers of
  Melaka from a legendary ancestor, tells of the founding of Singapura and then of Melaka, and describes the
  court, its ceremonies and its relations with China, Siam, Java and the Indian Ocean world, until the fall
  of Melaka to the Portuguese in 1511. Its compilation is traditionally attributed to Tun Sri Lanang,
  bendahara of Johor, and some versions have a preface dated 1612. The edition transliterates one manuscript
  from Jawi into Rumi, compares readings from several others, and provides notes on names, titles and court
  terms. The introduction discusses the text's central idea of a covenant between ruler and subject, in which
  the subjects owe loyalty but the ruler must not shame them, and its many memorable episodes, such as the
  swordfish attack on Singapura and the story of the founding of Melaka under a melaka tree. The Sejarah
  Melayu was inscribed on UNESCO's Memory of the World Register in 2001. The edition includes an index and
  a glossary."""),
I(A, "i", "Opening pages of an illuminated Malay manuscript",
  "Halaman pembukaan manuskrip Melayu beriluminasi",
  "Terengganu, Malaysia", "19th century", 1800, 1899, MSS, PD,
  "manuskrip, manuscript, illumination, iluminasi, jawi, terengganu, east coast, photograph",
  """Photograph of the double opening pages of a Malay manuscript decorated with a frame of floral and
  geometric illumination in red, yellow, black and gold, in the style associated with the east coast of the
  Peninsula. The text in the centre is written in neat Jawi naskh script."""),
I(A, "d", "Illuminated Qur'an manuscripts of the east coast: a catalogue",
  "Manuskrip al-Quran beriluminasi pantai timur: katalog",
  "Terengganu, Malaysia", "2000s", 2005, 2005, MSS, CC,
  "quran manuscript, mushaf, illumination, iluminasi, terengganu, patani, kelantan, manuskrip, islamic art, document",
  """Catalogue of a group of illuminated Qur'an manuscripts from the east coast of the Malay Peninsula,
  dating mainly from the eighteenth and nineteenth centuries. The catalogue explains that an east coast school
  of illumination, centred on Terengganu and Patani and extending to Kelantan, can be recognised by its
  distinctive double frames at the opening of the text, in the middle and at the end, with arches and
  pinnacles, filled with dense floral and vegetal ornament in a restrained palette of red, black, yellow and
  gold. Many of the motifs are close to those of local woodcarving and textiles, which suggests that artists
  worked across media. The copies are written on imported European paper or locally available paper, in a
  clear naskh hand, with verse markers and marginal ornaments marking divisions of the text. Each entry gives
  the dimensions, the number of folios, the paper, the binding (often in leather with a flap), the condition
  and notes on any colophon naming the scribe or the date. The introduction sets the manuscripts in the
  context of Islamic scholarship in the region, when Terengganu and Patani were known as centres of learning
  with pondok schools that drew students from across the Malay world."""),
I(A, "i", "Batu Bersurat Terengganu (Terengganu Inscription Stone)",
  "Batu Bersurat Terengganu",
  "Kuala Berang, Terengganu, Malaysia", "14th century", 1303, 1303, MSS, PD,
  "batu bersurat terengganu, inscription, prasasti, jawi, islam, terengganu, kuala berang, photograph",
  """Photograph of the Terengganu Inscription Stone, a granite slab found near Kuala Berang in Terengganu
  and inscribed on all sides in Malay written in Jawi script. The text proclaims the duty of the ruler to
  uphold Islam and sets out rules and penalties. It is usually dated to 1303 CE from the date given in the
  inscription, though the reading of the year has been debated. It is the earliest known evidence of Jawi
  writing in the Malay world and was listed in UNESCO's Memory of the World Register in 2009."""),
I(A, "d", "Transcription and translation of the Terengganu Inscription Stone",
  "Transkripsi dan terjemahan Batu Bersurat Terengganu",
  "Terengganu, Malaysia", "1980s", 1984, 1984, MSS, CC,
  "batu bersurat terengganu, inscription, jawi, transcription, islam, terengganu, document",
  """A booklet giving a line-by-line transcription of the Terengganu Inscription Stone in Rumi, with an English
  translation and commentary. The inscription, in Malay with many Sanskrit loanwords as well as Arabic religious
  terms, calls on the ruler and people to follow Islamic law and lists penalties for offences such as adultery
  and debt. The commentary explains the mixture of vocabulary as evidence of a society in transition from
  Hindu-Buddhist to Islamic culture, and discusses the debate over the date. Photographs of each face of the
  stone are included, with notes on damaged passages where words are missing, and a short history recording
  how the stone was found partly buried near a river and later moved to the state museum."""),
I(A, "d", "Letters of Malay rulers with royal seals (surat-surat raja Melayu)",
  "Surat-surat raja Melayu dengan cap mohor",
  "Malay Peninsula", "18th–19th century", 1780, 1890, MSS, PD,
  "royal letters, surat raja, cap mohor, royal seal, jawi, diplomacy, manuskrip, document",
  """A group of facsimiles of letters in Jawi sent by Malay rulers to British officials and to other rulers in
  the late eighteenth and nineteenth centuries. Malay royal letters followed careful conventions: an opening
  formula of praise and greeting (puji-pujian), a statement of friendship, the matter of the letter, and a
  closing, with the sender's seal (cap mohor) stamped in lamp-black or red ink. Many were written on fine
  imported paper decorated with gold illumination or gold-sprinkled borders, and wrapped in yellow silk when
  sent from a ruler. The subjects include trade in tin and pepper, requests for help, the return of runaway
  debtors, gifts and condolences. The accompanying notes transliterate and translate each letter and explain
  the seals, which bear the ruler's name and title, often with a date in the Islamic calendar. The collection
  shows how Malay rulers used writing and ceremony to negotiate with the growing European presence in the
  region."""),
I(A, "i", "Royal seal impression on a Jawi letter",
  "Cap mohor pada surat Jawi",
  "Kedah, Malaysia", "19th century", 1800, 1850, MSS, PD,
  "cap mohor, royal seal, royal letters, surat raja, jawi, kedah, photograph",
  """Close-up photograph of a round seal impression in black ink at the head of a Jawi letter, with the ruler's
  name and title in Arabic script within a border of petals."""),
I(A, "d", "Undang-Undang Melaka (Laws of Melaka): manuscript notes",
  "Undang-Undang Melaka: catatan manuskrip",
  "Melaka, Malaysia", "1980s", 1986, 1986, MSS, CC,
  "undang-undang melaka, hukum kanun melaka, laws, adat, melaka, manuscript, jawi, document",
  """Scholarly notes on manuscripts of the Undang-Undang Melaka, also called the Hukum Kanun Melaka, the legal
  digest of the Melaka sultanate. The digest survives in many copies with differing contents, which suggests
  it was added to over time and adapted by other Malay states. It covers the ruler's prerogatives, court
  etiquette and the reserved use of yellow cloth, offences and penalties, slavery and debt, marriage, trade
  and maritime matters, combining customary law (adat) with Islamic law. The notes compare clauses across
  several manuscripts and identify those related to the separate Undang-Undang Laut, the maritime laws
  governing ships, captains and crews. An appendix lists the manuscripts consulted and their locations."""),
I(A, "d", "Hikayat Merong Mahawangsa: Kedah Annals",
  "Hikayat Merong Mahawangsa",
  "Kedah, Malaysia", "1960s", 1968, 1968, MSS, CC,
  "hikayat merong mahawangsa, kedah annals, hikayat, kedah, manuscript, malay literature, document",
  """A printed Rumi edition of the Hikayat Merong Mahawangsa, the chronicle of Kedah, which tells of the
  founding of the kingdom by Merong Mahawangsa, a figure said to have come from Rome, the conversion of the
  ruler to Islam, and the succession of rulers. The introduction discusses how the text mixes myth and
  history and its value for understanding Kedah's relations with Siam."""),
I(A, "d", "Misa Melayu: an eighteenth-century Perak chronicle",
  "Misa Melayu: kronik Perak abad ke-18",
  "Perak, Malaysia", "1960s", 1962, 1962, MSS, CC,
  "misa melayu, perak, chronicle, hikayat, raja chulan, manuscript, malay literature, document",
  """Edition of the Misa Melayu, a chronicle of the Perak court in the eighteenth century attributed to Raja
  Chulan, a member of the royal family. Unlike older chronicles it describes events the author knew at first
  hand: royal ceremonies, journeys on the Perak river, the building of palaces, and dealings with the Dutch
  over tin. It includes passages in verse (syair) on royal occasions."""),
I(A, "d", "Tuhfat al-Nafis by Raja Ali Haji",
  "Tuhfat al-Nafis karya Raja Ali Haji",
  "Riau Islands, Indonesia", "19th century", 1860, 1890, MSS, PD,
  "tuhfat al-nafis, raja ali haji, riau, bugis, johor-riau, hikayat, malay literature, document",
  """A Jawi lithograph copy of the Tuhfat al-Nafis ('The Precious Gift'), the history of the Malay and Bugis
  in the Johor-Riau kingdom written in the nineteenth century by Raja Ali Haji of Riau, also known for his
  work on Malay grammar and his Gurindam Dua Belas. The Tuhfat gives a detailed account of the rivalry and
  alliance between Malay and Bugis nobles in the eighteenth century, drawing on letters and earlier texts, and
  is noted for its care with dates and sources. It is an important source for the history of Johor, Selangor
  and Riau. The copy is well preserved and bound in marbled boards."""),
I(A, "d", "Hikayat Abdullah: the first printed edition",
  "Hikayat Abdullah: edisi cetakan pertama",
  "Singapore", "1840s", 1849, 1849, MSS, PD,
  "hikayat abdullah, abdullah munsyi, singapore, melaka, autobiography, lithograph, malay literature, document",
  """A copy of the Hikayat Abdullah, the autobiography of Abdullah bin Abdul Kadir, known as Munsyi Abdullah
  ('Abdullah the teacher'), a Melaka-born scholar and language teacher who worked for Stamford Raffles and
  for missionaries. Printed in 1849, the book is often seen as a turning point in Malay writing because it
  describes the author's own life and observations in a direct, personal voice, unlike the court chronicles
  and romances that came before. Abdullah describes his childhood in Melaka, his education, the demolition of
  A Famosa by the British, the founding of Singapore, and the people he met, and he criticises Malay rulers
  and customs he considered harmful. Modern readers have debated his attitude to the British and to Malay
  society. The volume is lithographed in Jawi; the archive also holds a later Rumi edition. The binding is
  worn and some pages are foxed."""),
I(A, "d", "Syair Siti Zubaidah: a manuscript of a Malay verse romance",
  "Syair Siti Zubaidah",
  "Malay Peninsula", "19th century", 1840, 1900, MSS, PD,
  "syair, syair siti zubaidah, manuscript, jawi, malay literature, verse romance, document",
  """A Jawi manuscript of the Syair Siti Zubaidah, a long verse romance in the syair form of four-line rhyming
  stanzas. The heroine disguises herself as a man to rescue her husband, a prince held captive by enemies
  from the land of China. Syair like this were read aloud, chanted to simple melodies, in households and at
  gatherings. The manuscript has 184 leaves and a note of ownership on the last page."""),
I(A, "a", "Chanting a syair: recitation recorded in Johor",
  "Pembacaan syair dirakam di Johor",
  "Johor, Malaysia", "1980s", 1981, 1981, PERF, EDU,
  "syair, recitation, lagu syair, malay literature, oral tradition, johor, audio",
  """Recording of a woman reading passages from a syair aloud from a printed book, chanting the four-line
  stanzas to several traditional syair melodies. Between passages she explains that the same text can be
  sung to different tunes, and that syair reading was once a common evening entertainment, especially for
  women. About forty-five minutes."""),
I(A, "d", "Kitab tib: a Malay medical manuscript",
  "Kitab tib: manuskrip perubatan Melayu",
  "Kelantan, Malaysia", "19th century", 1850, 1900, MSS, PD,
  "kitab tib, traditional medicine, ubat tradisional, perubatan melayu, manuscript, jawi, herbs, document",
  """A Jawi manuscript of Malay medical knowledge (kitab tib), of the kind kept by healers and passed down
  within families. It lists illnesses, from fevers, stomach complaints and skin diseases to conditions thought
  to have spiritual causes, and gives remedies made from roots, leaves, bark and spices, with instructions for
  preparing decoctions, pastes and oils. Many entries combine plant remedies with prayers and verses from the
  Qur'an to be recited, and some include diagrams and tables for choosing auspicious days, drawn from Islamic
  and older local learning. The manuscript has been studied by researchers interested in the plants used,
  several of which are still sold in markets as ingredients of jamu and herbal medicine, and by historians of
  medicine interested in the links with Middle Eastern and Indian medical traditions. The catalogue entry
  warns that the remedies are historical records and not medical advice."""),
I(A, "d", "Jawi Peranakan newspaper, Singapore",
  "Akhbar Jawi Peranakan, Singapura",
  "Singapore", "1870s–1890s", 1876, 1895, MSS, PD,
  "jawi peranakan, newspaper, akhbar, jawi, singapore, malay press, document",
  """Microfilm of issues of Jawi Peranakan, a weekly first published in Singapore in 1876 and generally
  regarded as the first Malay-language newspaper. It was run by members of the Jawi Peranakan community,
  Muslims of mixed Indian and Malay descent, and carried news, official notices, shipping reports and essays
  on language and education. It was printed in Jawi by lithography."""),
I(A, "d", "Al-Imam: a reformist journal",
  "Al-Imam: majalah golongan pembaharuan",
  "Singapore", "1900s", 1906, 1908, MSS, PD,
  "al-imam, kaum muda, islamic reform, journal, majalah, jawi, singapore, malay press, document",
  """Bound volumes of Al-Imam, a monthly Jawi journal published in Singapore from 1906 to 1908 by Muslim
  reformists influenced by the modernist movement in Cairo. Its writers, later called the Kaum Muda ('young
  group'), argued that Muslims of the Malay world had fallen behind because of ignorance and blind imitation
  of custom, and urged the reform of education, including modern subjects and the education of girls, and a
  return to the Qur'an and the Prophet's tradition. The journal provoked debate with the traditional religious
  establishment, the Kaum Tua. Articles covered religion, science, world news and letters from readers across
  the Malay world. Although short-lived, Al-Imam is regarded as an important influence on later Malay
  journalism and on the rise of Malay political consciousness in the twentieth century. The volumes are
  fragile and are consulted through digital copies."""),
I(A, "d", "Utusan Melayu: early issues",
  "Utusan Melayu: keluaran awal",
  "Singapore", "1930s", 1939, 1941, MSS, RR,
  "utusan melayu, newspaper, akhbar, jawi, malay press, singapore, nationalism, document",
  """Microfilm of early issues of Utusan Melayu, a Jawi daily founded in Singapore in 1939 and financed by
  Malay subscribers, which became one of the main voices of Malay opinion. The issues cover news of the
  war in Europe, local affairs and columns on Malay education and economic progress."""),
I(A, "d", "Japanese occupation currency ('banana money')",
  "Wang kertas zaman pendudukan Jepun ('duit pisang')",
  "Malaya", "1940s", 1942, 1945, MSS, PD,
  "japanese occupation, pendudukan jepun, banana money, duit pisang, currency, world war ii, document",
  """A set of banknotes issued by the Japanese military administration in Malaya during the occupation of
  1942–1945, popularly called 'banana money' because the ten-dollar note shows a banana tree. As the
  occupation went on, the notes were printed in vast quantities and lost most of their value, and people
  remember needing bundles of them to buy basic goods. The notes became worthless when the occupation ended."""),
I(A, "d", "Proclamation of Independence, 1957: printed text",
  "Pemasyhuran Kemerdekaan 1957: teks bercetak",
  "Kuala Lumpur, Malaysia", "1950s", 1957, 1957, MSS, PD,
  "merdeka, kemerdekaan, proclamation of independence, 1957, tunku abdul rahman, stadium merdeka, document",
  """A printed copy of the Proclamation of Independence of the Federation of Malaya, read by Tunku Abdul
  Rahman, the first Prime Minister, at Stadium Merdeka in Kuala Lumpur on 31 August 1957. The text, in Malay
  and English, declares that the Federation is a sovereign, democratic and independent state. The ceremony
  is remembered for the Tunku's seven cries of 'Merdeka!' taken up by the crowd."""),
I(A, "d", "Land grant documents from a Selangor mukim",
  "Dokumen geran tanah dari sebuah mukim di Selangor",
  "Selangor, Malaysia", "1900s–1930s", 1905, 1935, MSS, PD,
  "geran tanah, land grant, land records, mukim, selangor, colonial administration, document",
  """A bundle of land documents from a family in Selangor: grants and certificates for village lots and rubber
  smallholdings, with survey plans, quit-rent receipts and transfers. The forms are in English with names and
  notes in Jawi. Such papers show how land in the Malay states was registered under the Torrens system
  introduced by the colonial administration, and how smallholders took up rubber growing in the early twentieth
  century. The family used them to trace inheritance over three generations."""),
I(A, "d", "Malay school primer in Rumi and Jawi",
  "Buku bacaan sekolah Melayu dalam Rumi dan Jawi",
  "Malaya", "1930s", 1932, 1938, MSS, PD,
  "school primer, buku sekolah, education, jawi, rumi, malay school, sultan idris training college, document",
  """A reading primer used in Malay vernacular schools, printed with parallel lessons in Rumi and Jawi and
  illustrated with line drawings of kampung life: planting rice, fishing, going to the mosque. Schoolbooks of
  this kind were produced by the Translation Bureau at the Sultan Idris Training College in Tanjung Malim."""),
I(A, "d", "Collection of pantun written down in school exercise books",
  "Koleksi pantun dalam buku latihan sekolah",
  "Negeri Sembilan, Malaysia", "1950s", 1953, 1958, MSS, CC,
  "pantun, malay poetry, puisi melayu, oral tradition, negeri sembilan, document",
  """Exercise books in which a schoolteacher in Negeri Sembilan wrote down more than five hundred pantun heard
  from villagers: pantun of love, advice, riddles, teasing and farewell, as well as pantun used in the customary
  speeches of adat perpatih. Each entry notes the speaker's village. The teacher also recorded the occasions on
  which the verses were used, such as weddings and the welcoming of guests."""),
I(A, "d", "Adat perpatih: notes on customary sayings (perbilangan)",
  "Adat perpatih: catatan perbilangan adat",
  "Negeri Sembilan, Malaysia", "1970s", 1976, 1976, MSS, CC,
  "adat perpatih, perbilangan, customary law, matrilineal, minangkabau, negeri sembilan, suku, document",
  """A compilation of the customary sayings (perbilangan adat) of adat perpatih, the matrilineal customary
  system of Negeri Sembilan and parts of Melaka, brought by Minangkabau settlers from Sumatra. In this system
  people belong to clans (suku) through their mothers, and ancestral land and houses are inherited by women,
  while men hold the offices of clan heads (buapak), territorial chiefs (undang) and others chosen according to
  custom. The rules are remembered and transmitted as rhythmic sayings, often in the form of short parallel
  lines, which are quoted in disputes and recited at ceremonies such as the installation of chiefs. The
  compiler recorded the sayings from customary leaders, with explanations of their meaning and of the cases
  in which they were cited, and added notes on how adat perpatih has interacted with Islamic law and with
  national land laws. A glossary lists the clan names and titles."""),
I(A, "i", "Map of the Straits of Melaka, eighteenth century",
  "Peta Selat Melaka, abad ke-18",
  "Straits of Melaka", "18th century", 1750, 1799, MSS, PD,
  "map, peta, straits of melaka, selat melaka, cartography, navigation, photograph",
  """Photograph of an engraved European chart of the Straits of Melaka, showing the coasts of the Peninsula and
  Sumatra, soundings, islands and shoals, with Melaka marked as a fortified town. Charts of this kind guided
  ships through one of the busiest sea lanes in the world."""),
I(A, "d", "Rubber estate labour registers",
  "Daftar buruh ladang getah",
  "Negeri Sembilan, Malaysia", "1920s", 1922, 1929, MSS, PD,
  "rubber estate, ladang getah, labour register, indian labour, tamil, estate workers, document",
  """Registers from a rubber estate in Negeri Sembilan recording the names, ages, origin and wages of workers,
  most of them Tamil labourers recruited from South India. The registers note arrivals, departures, illnesses
  and deaths, and the estate's payments to the Indian Immigration Fund. They are used by descendants tracing
  family history and by historians of the plantation economy."""),
I(A, "d", "Chinese clan association membership books",
  "Buku keahlian persatuan suku kaum Cina",
  "Kuala Lumpur, Malaysia", "1930s–1960s", 1930, 1969, MSS, CC,
  "clan association, huiguan, kongsi, chinese community, membership, genealogy, document",
  """Membership books of a Chinese clan association in Kuala Lumpur, recording members' names, home villages
  in China, occupations and addresses. Such associations helped new arrivals find work and lodging, arranged
  funerals, and ran schools and temples. The books are in Chinese with an English index."""),

# ---- Southeast Asia manuscripts ----
I(A, "d", "Batak pustaha: a bark book of divination",
  "Pustaha Batak: buku kulit kayu",
  "North Sumatra, Indonesia", "19th century", 1800, 1899, SEA, PD,
  "pustaha, batak, bark book, divination, north sumatra, indonesia, manuscript, document",
  """A pustaha, a folded book made of a long strip of tree bark, from the Batak of North Sumatra, with wooden
  covers. Written in Batak script by a ritual specialist (datu), it contains divination tables, magic formulas
  and remedies, with drawings of calendars and protective figures."""),
I(A, "d", "Balinese lontar palm-leaf manuscript",
  "Manuskrip lontar Bali",
  "Bali, Indonesia", "19th century", 1850, 1899, SEA, PD,
  "lontar, palm-leaf manuscript, bali, balinese script, indonesia, manuscript, document",
  """A Balinese manuscript of incised palm leaves (lontar), strung together between two wooden boards. The
  text, in Balinese script blackened with soot, is a version of a Kakawin poem. Palm-leaf books like this are
  still copied and read in Bali, and are ritually honoured on the day dedicated to knowledge."""),
I(A, "d", "I La Galigo manuscript pages",
  "Halaman manuskrip I La Galigo",
  "South Sulawesi, Indonesia", "19th century", 1850, 1899, SEA, PD,
  "i la galigo, bugis, sulawesi, epic, manuscript, lontara, indonesia, document",
  """Facsimile pages of a manuscript of I La Galigo, the creation epic of the Bugis of South Sulawesi, written
  in the Bugis lontara script. The epic, one of the longest literary works in the world, tells of the descent
  of the gods to earth and the adventures of the hero Sawérigading. It was inscribed on UNESCO's Memory of the
  World Register in 2011."""),
I(A, "i", "Thai samut khoi folding book",
  "Buku lipat samut khoi Thai",
  "Thailand", "19th century", 1820, 1880, SEA, PD,
  "samut khoi, thai manuscript, folding book, buddhist, thailand, painting, photograph",
  """Photograph of a Thai samut khoi, an accordion-folded book of mulberry paper, open at pages painted with
  scenes from the last ten lives of the Buddha beside lines of text, the kind of book used for chanting at
  funerals."""),
I(A, "i", "Burmese parabaik with court scenes",
  "Parabaik Myanmar dengan adegan istana",
  "Mandalay, Myanmar", "19th century", 1850, 1885, SEA, PD,
  "parabaik, burmese manuscript, folding book, myanmar, court painting, photograph",
  """Photograph of a Burmese folding-book manuscript (parabaik) painted with a royal procession of elephants,
  courtiers and musicians, from the late Konbaung period."""),
I(A, "d", "Hanunó'o Mangyan script on bamboo",
  "Tulisan Hanunó'o Mangyan pada buluh",
  "Mindoro, Philippines", "1970s", 1975, 1975, SEA, CC,
  "mangyan, hanunoo, surat mangyan, ambahan, philippines, bamboo, script, document",
  """Photographs and transcriptions of verses in the ambahan form incised on lengths of bamboo in the
  Hanunó'o Mangyan script, one of the indigenous scripts of the Philippines still in use in the twentieth
  century, from the island of Mindoro."""),
]
