from common import *  # noqa

A = "festivals and foodways"
ITEMS = [
# ---- Hari Raya ----
I(A, "v", "Hari Raya Aidilfitri morning in a Perak village",
  "Pagi Hari Raya Aidilfitri di sebuah kampung di Perak",
  "Perak, Malaysia", "1980s", 1986, 1986, FEST, CC,
  "hari raya, hari raya aidilfitri, aidilfitri, lebaran, ketupat, rendang, balik kampung, kampung, video",
  """Home video of the first morning of Hari Raya Aidilfitri, the festival that ends the fasting month of
  Ramadan, in a village in Perak. It opens before dawn in a kitchen where women stir a pot of rendang and
  boil ketupat, rice packed in small cases woven from young coconut leaves. Men and boys in new baju Melayu,
  samping and songkok walk to the mosque for the Eid prayer, and on their return the family gathers in the
  front room. Children kneel before their parents and grandparents, kiss their hands and ask forgiveness
  (bermaaf-maafan), and are given small sums of money in envelopes. Relatives who have travelled back from
  the towns arrive through the day, the journey home known as balik kampung. Later sequences follow visits to
  neighbours' houses, each with its table of cakes, biscuits, lemang and rendang, and a visit to the graves of
  family members. The video is one of several donated by the same family, filmed each year over a decade,
  which together show changing fashions in clothing, food and decoration."""),
I(A, "v", "Cooking lemang over an open fire",
  "Memasak lemang di atas api",
  "Negeri Sembilan, Malaysia", "2000s", 2005, 2005, FEST, CC,
  "lemang, hari raya, glutinous rice, pulut, buluh, bamboo, cooking, video",
  """Video of men cooking lemang on the eve of Hari Raya. Glutinous rice and coconut milk are packed into
  lengths of bamboo lined with banana leaf, and the tubes are leaned against a rack beside a long wood fire
  and turned for several hours until the rice is cooked. The bamboo is split open to reveal a cylinder of
  rice, which is sliced and eaten with rendang or serunding."""),
I(A, "i", "Weaving ketupat cases from coconut leaves",
  "Menganyam sarung ketupat daripada daun kelapa",
  "Selangor, Malaysia", "1970s", 1977, 1977, FEST, CC,
  "ketupat, anyaman, daun kelapa, hari raya, coconut leaves, photograph",
  """Photograph of two women weaving ketupat cases from strips of young coconut leaf. Finished cases, in the
  square and diamond shapes, hang in bunches beside them. The cases are filled with rice and boiled, so that the
  rice swells and presses into a firm cake."""),
I(A, "d", "Hari Raya greeting cards collection",
  "Koleksi kad ucapan Hari Raya",
  "Malaysia", "1960s–1990s", 1960, 1999, MSS, CC,
  "hari raya, kad raya, greeting card, aidilfitri, ephemera, document",
  """A collection of about two hundred Hari Raya greeting cards sent and received by one family over four
  decades. The cards show ketupat, pelita oil lamps, mosques, kampung scenes and, in later years, cartoon
  figures, with greetings in Malay in both Jawi and Rumi script. Cards were once sent in large numbers by post
  before electronic greetings replaced them."""),
I(A, "i", "Pelita lamps lit for the last nights of Ramadan",
  "Pelita dinyalakan pada malam tujuh likur",
  "Kedah, Malaysia", "1990s", 1994, 1994, FEST, CC,
  "pelita, malam tujuh likur, ramadan, hari raya, oil lamp, kampung, photograph",
  """Night photograph of small oil lamps (pelita) set out along the path to a village house during the last
  ten nights of Ramadan, a custom known as malam tujuh likur. Bamboo frames hold rows of lamps in an arch."""),
I(A, "v", "Ramadan bazaar in Kampung Baru",
  "Bazar Ramadan di Kampung Baru",
  "Kampung Baru, Kuala Lumpur, Malaysia", "2010s", 2016, 2016, FEST, CC,
  "bazar ramadan, ramadan, kampung baru, kuala lumpur, street food, kuih, video",
  """Video of a Ramadan bazaar in Kampung Baru in the late afternoon, when stalls sell food for breaking the
  fast. Vendors grill satay and ayam percik, fry murtabak and pack rice dishes and kuih, while buyers queue
  before the call to prayer at sunset."""),
I(A, "v", "Cooking bubur lambuk at a mosque",
  "Memasak bubur lambuk di masjid",
  "Kampung Baru, Kuala Lumpur, Malaysia", "2000s", 2008, 2008, FEST, CC,
  "bubur lambuk, ramadan, masjid, mosque, rice porridge, gotong-royong, kampung baru, video",
  """Video of volunteers at a mosque in Kampung Baru cooking bubur lambuk, a savoury rice porridge with meat,
  spices and vegetables, in huge pots stirred with wooden paddles. The porridge is cooked daily during
  Ramadan and given away to people queuing outside to break their fast. The cooks describe the recipe and the
  tradition of giving food during the fasting month."""),

# ---- Chinese festivals ----
I(A, "v", "Chinese New Year reunion dinner and lo hei",
  "Makan malam besar Tahun Baru Cina dan lo hei",
  "Kuala Lumpur, Malaysia", "2010s", 2013, 2013, FEST, CC,
  "chinese new year, tahun baru cina, yee sang, lo hei, reunion dinner, chinese community, video",
  """Video of a family gathering at a restaurant for a Chinese New Year meal that begins with yee sang, a
  salad of raw fish, shredded vegetables, crackers and sauces. The diners toss it high with chopsticks
  (lo hei) while calling out wishes for prosperity. Yee sang as a New Year dish is associated with Malaysia and
  Singapore."""),
I(A, "i", "Red lanterns along a George Town street at Chinese New Year",
  "Tanglung merah di jalan George Town semasa Tahun Baru Cina",
  "George Town, Penang, Malaysia", "2000s", 2009, 2009, FEST, CC,
  "chinese new year, tahun baru cina, lanterns, tanglung, george town, penang, photograph",
  """Photograph of strings of red lanterns hung across a street of shophouses in George Town for Chinese New
  Year, with couplets on red paper pasted beside the doors."""),
I(A, "v", "Chap Goh Mei orange throwing, Penang",
  "Membaling limau pada Chap Goh Mei, Pulau Pinang",
  "George Town, Penang, Malaysia", "2010s", 2014, 2014, FEST, CC,
  "chap goh mei, chinese new year, limau, orange throwing, penang, valentine, video",
  """Video of young women throwing mandarin oranges into the sea at the Esplanade in George Town on Chap Goh
  Mei, the fifteenth and last night of the Chinese New Year season. By custom, single women write their names
  or phone numbers on the oranges in the hope of finding a good husband, and young men in boats scoop them out
  of the water."""),
I(A, "i", "Mooncakes and lanterns for the Mid-Autumn Festival",
  "Kuih bulan dan tanglung Pesta Pertengahan Musim Luruh",
  "Ipoh, Perak, Malaysia", "1990s", 1996, 1996, FEST, CC,
  "mid-autumn festival, mooncake, kuih bulan, lantern festival, tanglung, chinese community, photograph",
  """Photograph of a table set with mooncakes, pomelos and tea, and children holding paper lanterns shaped as
  rabbits and carp, taken on the night of the Mid-Autumn Festival in the eighth lunar month."""),
I(A, "v", "Nine Emperor Gods festival procession",
  "Perarakan Pesta Sembilan Maharaja Dewa",
  "Ampang, Selangor, Malaysia", "2000s", 2007, 2007, FEST, EDU,
  "nine emperor gods, kiew ong yah, taoist festival, procession, fire walking, chinese community, video",
  """Video of the Nine Emperor Gods festival, held in the first nine days of the ninth lunar month, when
  devotees dress in white, keep a vegetarian diet and take part in processions that carry the deities in
  sedan chairs. The recording includes a fire-walking rite on the ninth night and the sending off of the gods
  to the river or sea."""),
I(A, "a", "Oral history: a Hungry Ghost Festival organiser",
  "Sejarah lisan: penganjur Pesta Hantu Lapar",
  "George Town, Penang, Malaysia", "2010s", 2011, 2011, ORAL, EDU,
  "oral history, sejarah lisan, hungry ghost festival, phor tor, getai, penang, chinese community, interview",
  """Interview in Hokkien with English summary with a man who has organised neighbourhood celebrations of the
  Hungry Ghost Festival in George Town for thirty years. He explains how residents collect money, set up an
  altar with a large paper effigy of the King of Hades (Tai Su Yah), offer food and burn paper goods, and
  engage Chinese opera or getai stage shows. He describes the auction of blessed items held to raise funds
  for the next year, and the burning of the effigy on the final night, and comments on younger residents'
  declining interest."""),

# ---- Indian festivals ----
I(A, "v", "Thaipusam at Batu Caves",
  "Thaipusam di Batu Caves",
  "Batu Caves, Selangor, Malaysia", "1990s", 1995, 1995, FEST, EDU,
  "thaipusam, batu caves, kavadi, murugan, hindu festival, tamil community, video",
  """Documentary video of Thaipusam at Batu Caves north of Kuala Lumpur, the largest Thaipusam gathering in
  Malaysia, which draws hundreds of thousands of devotees and visitors. Thaipusam is a Tamil Hindu festival
  in honour of Lord Murugan, held at the full moon of the Tamil month of Thai. The film follows the silver
  chariot that carries the deity's image from the Sri Mahamariamman Temple in Kuala Lumpur to the caves
  through the night, then turns to devotees fulfilling vows. Some carry a paal kudam, a pot of milk, on the
  head; others bear kavadi, decorated frames carried on the shoulders, some of which are attached to the body
  by hooks and skewers pierced through the skin. Devotees prepare by fasting and prayer, and the film shows
  how family members and friends chant and drum to support them as they climb the long flight of steps to the
  Temple Cave. Interviews with devotees explain why they took their vows and what the day means to them. The
  documentary was made before the large golden statue of Murugan was erected at the foot of the steps, which
  makes it a useful record of the site's earlier appearance."""),
I(A, "i", "Kavadi bearer on the Batu Caves steps",
  "Pembawa kavadi di tangga Batu Caves",
  "Batu Caves, Selangor, Malaysia", "1970s", 1972, 1972, PHOTO, CC,
  "thaipusam, kavadi, batu caves, murugan, hindu festival, photograph",
  """Black-and-white photograph of a devotee carrying a tall kavadi decorated with peacock feathers and
  flowers, climbing the steps to the Temple Cave at Batu Caves among crowds of pilgrims."""),
I(A, "i", "Kolam design at a Deepavali open house",
  "Corak kolam di rumah terbuka Deepavali",
  "Klang, Selangor, Malaysia", "2000s", 2006, 2006, FEST, CC,
  "deepavali, diwali, kolam, rangoli, open house, indian community, photograph",
  """Photograph of a colourful kolam drawn with coloured rice powder at the entrance of a house in Klang on
  Deepavali, the festival of lights. Oil lamps (vilakku) stand at the edge of the design, and trays of murukku
  and other festive snacks are visible inside."""),
I(A, "v", "Pongal celebration at a temple in Klang",
  "Sambutan Ponggal di sebuah kuil di Klang",
  "Klang, Selangor, Malaysia", "2010s", 2017, 2017, FEST, CC,
  "ponggal, pongal, harvest festival, tamil community, klang, sweet rice, video",
  """Video of the Tamil harvest festival Pongal at a temple in Klang. Families boil rice with milk and jaggery
  in new clay pots over small fires until the pot boils over, a sign of abundance, and call out 'Pongalo
  Pongal'. The sweet rice is offered to the sun god and shared."""),

# ---- Borneo and other festivals ----
I(A, "v", "Gawai Dayak celebrations in an Iban longhouse",
  "Sambutan Gawai Dayak di rumah panjang Iban",
  "Betong, Sarawak, Malaysia", "2000s", 2004, 2004, FEST, CC,
  "gawai, gawai dayak, iban, rumah panjang, longhouse, tuak, ngajat, sarawak, video",
  """Video of Gawai Dayak celebrations at an Iban longhouse. Gawai Dayak, marking the end of the rice harvest,
  was gazetted as a public holiday in Sarawak in the 1960s and is celebrated on 1 June. The recording begins on
  the eve of Gawai with a ceremony in which offerings of rice, eggs, tobacco and rice wine (tuak) are laid out
  and a cockerel is waved over them with prayers for good fortune, followed by a gathering on the ruai. At
  midnight gongs sound and the longhouse headman leads a toast. Over the following days families visit each
  other's bilik, guests are welcomed with a glass of tuak at the longhouse entrance, and men and women dance
  the ngajat to gongs and drums. Relatives working in Kuching, Miri and further afield return for the
  festival, and the video includes conversations with them about keeping ties with the longhouse. A final
  section shows the election of a Gawai queen and a beauty contest added in more recent decades, which the
  narrator contrasts with the older rites."""),
I(A, "i", "Unduk Ngadau contestants at Kaamatan",
  "Peserta Unduk Ngadau semasa Kaamatan",
  "Penampang, Sabah, Malaysia", "1990s", 1998, 1998, FEST, CC,
  "kaamatan, unduk ngadau, kadazandusun, harvest festival, sabah, costume, photograph",
  """Photograph of young women in Kadazandusun costumes of black velvet with gold trim, silver coin belts and
  beaded accessories, taking part in the Unduk Ngadau pageant during the Kaamatan harvest festival. The
  pageant commemorates the legend of Huminodun, whose sacrifice is said to have given rise to rice."""),
I(A, "d", "Kaamatan: the harvest festival of the Kadazandusun",
  "Kaamatan: pesta menuai Kadazandusun",
  "Sabah, Malaysia", "2000s", 2002, 2002, FEST, CC,
  "kaamatan, pesta kaamatan, kadazandusun, bobohizan, huminodun, harvest festival, sabah, document",
  """An essay on Kaamatan, the harvest festival of the Kadazandusun and related peoples of Sabah, celebrated
  through the month of May and culminating in state-level celebrations at the end of the month. The writer
  explains that the festival is rooted in beliefs about the rice spirit, Bambarayon, which must be thanked
  and honoured after the harvest so that it will return to the fields. The ritual side of the festival was
  traditionally led by the bobohizan (or bobolian), ritual specialists who chant long prayers in an old ritual
  language. The essay retells the legend of Huminodun, the daughter of the creator figure Kinoingan, who was
  sacrificed so that her people would not starve, and from whose body rice and other food plants grew. It
  describes the contemporary festival, which includes the Unduk Ngadau pageant in her honour, sumazau dancing,
  contests of traditional sports, the drinking of rice wine (tapai) and the display of crafts. The author
  discusses how the festival has been shaped by its status as a state holiday since the 1960s and by
  tourism, and notes the efforts of cultural associations to record the bobohizan's chants while elderly
  practitioners remain."""),
I(A, "v", "Pesta Kaul on the Mukah coast",
  "Pesta Kaul di pantai Mukah",
  "Mukah, Sarawak, Malaysia", "2010s", 2012, 2012, FEST, CC,
  "kaul, pesta kaul, melanau, mukah, sarawak, tibou, swing, video",
  """Video of Pesta Kaul, the festival of the Melanau of the Mukah coast held in the third month of their
  calendar, when the fishing season opens after the monsoon. Offerings are placed on a decorated platform for
  the spirits of the sea, and young people ride the tibou, a giant swing, swinging far out over the beach."""),
I(A, "v", "Festa San Pedro at the Portuguese Settlement",
  "Festa San Pedro di Perkampungan Portugis",
  "Melaka, Malaysia", "1990s", 1997, 1997, FEST, CC,
  "festa san pedro, kristang, portuguese settlement, melaka, fishermen, boat blessing, video",
  """Video of the Festa San Pedro in the Portuguese Settlement of Melaka, held around the feast of St Peter,
  patron saint of fishermen, at the end of June. Fishing boats are decorated with flags, flowers and
  religious images and blessed by a priest, and the evening brings music and dancing of branyo on a stage in
  the settlement square."""),
I(A, "v", "Wesak Day procession, Kuala Lumpur",
  "Perarakan Hari Wesak, Kuala Lumpur",
  "Kuala Lumpur, Malaysia", "2000s", 2003, 2003, FEST, CC,
  "wesak, hari wesak, buddhist festival, procession, float, kuala lumpur, video",
  """Video of the Wesak Day procession in Kuala Lumpur, when Buddhists mark the birth, enlightenment and
  passing of the Buddha. Illuminated floats carrying Buddha images move through the city at night, followed
  by devotees holding candles. Earlier in the day worshippers bathe a small image of the infant Buddha at a
  temple."""),
I(A, "i", "Christmas decorations in a Kristang home",
  "Hiasan Krismas di rumah keluarga Kristang",
  "Melaka, Malaysia", "1980s", 1984, 1984, FEST, CC,
  "christmas, krismas, kristang, portuguese settlement, melaka, photograph",
  """Photograph of a living room in the Portuguese Settlement of Melaka decorated for Christmas, with a nativity
  scene, paper stars and a table laid with festive dishes such as curry debal and sugee cake."""),
I(A, "v", "Maulidur Rasul procession",
  "Perarakan Maulidur Rasul",
  "Putrajaya, Malaysia", "2010s", 2018, 2018, FEST, CC,
  "maulidur rasul, maulud nabi, procession, selawat, kompang, religious festival, video",
  """Video of a Maulidur Rasul procession marking the birthday of the Prophet Muhammad, with contingents from
  government departments, schools and mosques marching with banners and singing selawat to kompang
  accompaniment."""),

# ---- foodways ----
I(A, "d", "Malay kuih: a recipe notebook",
  "Kuih Melayu: buku catatan resipi",
  "Johor, Malaysia", "1960s", 1962, 1969, MSS, CC,
  "kuih, kuih-muih, recipe, resipi, onde-onde, kuih lapis, seri muka, foodways, document",
  """A handwritten recipe notebook kept by a woman in Johor, mostly in Jawi with some recipes in romanised
  Malay, containing about 120 recipes for kuih, the small sweet and savoury cakes eaten at tea time, at
  festivals and at feasts. Many recipes use glutinous rice, rice flour, coconut milk, palm sugar (gula
  Melaka) and pandan leaf: onde-onde, balls of glutinous rice dough filled with palm sugar and rolled in
  grated coconut; seri muka, a layer of glutinous rice topped with pandan custard; kuih lapis, steamed in many
  thin coloured layers; kuih bakar, baked in flower-shaped brass moulds; and dodol, a dense sweet stirred for
  hours in a large pan. Quantities are given in old measures such as the gantang and cupak, and in cups and
  tins, and some entries have notes on which occasions the kuih suited or who the recipe came from. The last
  pages list the kuih prepared for a family wedding with the names of the women who made them. A typed
  transliteration into Rumi accompanies the notebook."""),
I(A, "v", "Stirring dodol for Hari Raya",
  "Mengacau dodol untuk Hari Raya",
  "Melaka, Malaysia", "1990s", 1993, 1993, FEST, CC,
  "dodol, hari raya, kuih, gula melaka, coconut milk, gotong-royong, video",
  """Video of a family making dodol in a large brass wok (kawah) over a wood fire. Rice flour, coconut milk
  and palm sugar are stirred continuously for many hours, with men taking turns at the long wooden paddle, until
  the mixture turns dark and glossy and comes away from the sides. The finished dodol is packed in wrappers of
  dried palm spathe."""),
I(A, "i", "Nasi kerabu with blue rice",
  "Nasi kerabu",
  "Kota Bharu, Kelantan, Malaysia", "2010s", 2015, 2015, FEST, CC,
  "nasi kerabu, kelantan, food, makanan, blue pea flower, bunga telang, photograph",
  """Photograph of a plate of nasi kerabu, a Kelantan rice dish coloured blue with the petals of the butterfly
  pea flower (bunga telang), served with finely sliced herbs, grated coconut, salted egg, fish crackers and
  chilli sauce, at a breakfast stall in Kota Bharu."""),
I(A, "v", "Making keropok lekor in a Terengganu fishing village",
  "Membuat keropok lekor di perkampungan nelayan Terengganu",
  "Kuala Terengganu, Terengganu, Malaysia", "2000s", 2009, 2009, FEST, CC,
  "keropok lekor, keropok, terengganu, fish, sago, food, makanan, video",
  """Video of a small family business in Terengganu making keropok lekor, a chewy fish sausage. Fresh fish is
  minced and mixed with sago flour and salt, rolled by hand into long sausages, boiled, and then sliced and
  fried for sale with chilli sauce. The family also dries thin slices to make crackers."""),
I(A, "d", "Budu and other fermented fish products of the east coast",
  "Budu dan produk ikan perap pantai timur",
  "Kelantan and Terengganu, Malaysia", "1980s", 1985, 1985, FEST, CC,
  "budu, fermented fish, ikan bilis, east coast, kelantan, terengganu, foodways, document",
  """Report on the making of budu, a fermented anchovy sauce that is an everyday condiment on the east coast.
  Anchovies are mixed with salt in large jars or vats and left for months, with palm sugar or tamarind
  sometimes added, until the fish break down into a thick brown sauce. It is eaten with rice, raw vegetables
  and herbs (ulam) and chilli."""),
I(A, "i", "Cencaluk and belacan at a Melaka market",
  "Cencaluk dan belacan di pasar Melaka",
  "Melaka, Malaysia", "1980s", 1987, 1987, FEST, CC,
  "cencaluk, belacan, shrimp paste, melaka, pasar, market, food, photograph",
  """Photograph of a market stall in Melaka selling jars of cencaluk, a pink fermented condiment of tiny
  shrimp, and blocks of belacan, the dried shrimp paste used in sambal and many cooked dishes."""),
I(A, "v", "Satay seller in Kajang",
  "Penjual sate di Kajang",
  "Kajang, Selangor, Malaysia", "1980s", 1989, 1989, FEST, CC,
  "satay, sate, sate kajang, kajang, street food, peanut sauce, video",
  """Video of a satay stall in Kajang, a town known for its satay. Skewers of marinated chicken and beef are
  grilled over charcoal, fanned by hand, and served with peanut sauce, cucumber, onion and compressed rice
  (nasi impit). The owner explains the marinade of lemongrass, turmeric and spices."""),
I(A, "d", "Nyonya cooking: a family recipe book",
  "Masakan Nyonya: buku resipi keluarga",
  "Melaka, Malaysia", "1950s", 1950, 1959, MSS, CC,
  "nyonya food, masakan nyonya, peranakan, baba nyonya, ayam pongteh, laksa, recipe, melaka, document",
  """A handwritten book of recipes kept by a Peranakan family in Melaka, in English and Baba Malay. Nyonya
  cooking combines Chinese ingredients and techniques with Malay spices, such as lemongrass, galangal,
  candlenut, belacan and tamarind, pounded into a rempah. The book includes ayam pongteh, chicken stewed with
  fermented soya bean paste and palm sugar; ayam buah keluak, chicken cooked with the black nuts of the
  kepayang tree; otak-otak, spiced fish custard in leaves; laksa; acar pickles; and a section of kuih such as
  kuih bangkit and pineapple tarts for Chinese New Year. Notes in the margins record adjustments made by
  different members of the family, and a loose sheet lists the dishes served at a wedding dinner in the
  1950s. The book illustrates the Nyonya saying that a good cook was known by the fineness of her rempah."""),
I(A, "a", "Oral history: a Nyonya cook on the kitchen of her childhood",
  "Sejarah lisan: tukang masak Nyonya tentang dapur zaman kanak-kanaknya",
  "Melaka, Malaysia", "2000s", 2004, 2004, ORAL, EDU,
  "oral history, sejarah lisan, nyonya food, masakan nyonya, peranakan, baba nyonya, melaka, interview",
  """Interview in Baba Malay and English with a Nyonya woman in her eighties about cooking in a large
  Peranakan household in Melaka before the Second World War. She describes how girls were trained from an
  early age to pound spices in a stone mortar (batu lesung), and how the sound of pounding was said to tell a
  prospective mother-in-law whether a girl was skilled. She recalls the preparations for festivals and ancestor
  worship, when dozens of dishes were laid on the altar table, and the preparation of kuih for Chinese New Year
  over many days. She explains the difference between everyday food and feast food, names dishes no longer
  cooked, and describes the shift to gas stoves and blenders. She sings a short Baba Malay song about cooking
  at the end of the recording. About seventy minutes, with a transcript."""),
I(A, "i", "Penang asam laksa stall",
  "Gerai asam laksa Pulau Pinang",
  "Air Itam, Penang, Malaysia", "1990s", 1999, 1999, FEST, CC,
  "laksa, asam laksa, penang laksa, hawker, street food, penang, photograph",
  """Photograph of a hawker stall in Penang serving asam laksa, thick rice noodles in a sour fish broth
  flavoured with tamarind, topped with shredded cucumber, pineapple, onion, mint, torch ginger flower and a
  spoonful of sweet prawn paste (hae ko)."""),
I(A, "i", "Sarawak laksa breakfast in Kuching",
  "Sarapan laksa Sarawak di Kuching",
  "Kuching, Sarawak, Malaysia", "2010s", 2013, 2013, FEST, CC,
  "laksa, laksa sarawak, kuching, sarawak, breakfast, kopitiam, photograph",
  """Photograph of a bowl of Sarawak laksa in a Kuching coffee shop: rice vermicelli in a spiced broth of
  sambal paste and coconut milk, with prawns, shredded chicken, omelette strips and coriander, served with
  lime and sambal belacan."""),
I(A, "v", "Teh tarik at a mamak stall",
  "Teh tarik di gerai mamak",
  "Kuala Lumpur, Malaysia", "2000s", 2006, 2006, FEST, CC,
  "teh tarik, mamak, kopitiam, roti canai, street food, kuala lumpur, video",
  """Video of a tea maker at an Indian Muslim (mamak) restaurant pulling teh tarik, pouring hot sweet milky tea
  from one mug to another at arm's length to cool and froth it. A cook flips and stretches roti canai dough on
  a griddle beside him."""),
I(A, "d", "Kopitiam culture in Ipoh and Penang: field notes",
  "Budaya kopitiam di Ipoh dan Pulau Pinang: catatan lapangan",
  "Ipoh and George Town, Malaysia", "2010s", 2014, 2015, FEST, CC,
  "kopitiam, coffee shop, ipoh white coffee, kopi, hainanese, hawker, foodways, document",
  """Field notes from a study of old coffee shops (kopitiam) in Ipoh and George Town. The kopitiam, usually on
  the ground floor of a corner shophouse, is run by an owner who sells coffee and drinks, while stall-holders
  rent space to sell noodles, rice dishes and snacks. The notes describe the roasting of coffee beans with
  margarine and sugar for the local style of kopi, the Ipoh 'white coffee' roasted with margarine only, the
  marble-topped tables and bentwood chairs, and the role of Hainanese immigrants in the coffee trade. Owners
  talk about rents, the entry of chain cafes, and customers who have come daily for decades."""),
I(A, "i", "Tempoyak in a jar",
  "Tempoyak dalam balang",
  "Temerloh, Pahang, Malaysia", "2000s", 2007, 2007, FEST, CC,
  "tempoyak, durian, fermented, pahang, ikan patin, food, photograph",
  """Photograph of a jar of tempoyak, fermented durian flesh, at a market in Pahang, beside a pot of gulai
  tempoyak ikan patin, river fish cooked in a tempoyak curry, a speciality of Temerloh."""),
I(A, "v", "Processing sago among the Melanau",
  "Memproses sagu dalam masyarakat Melanau",
  "Mukah, Sarawak, Malaysia", "1980s", 1983, 1983, FEST, EDU,
  "sago, sagu, melanau, mukah, sarawak, foodways, video",
  """Film showing how Melanau families on the Mukah coast process sago palm. Logs of sago palm are floated to
  the village, split and the pith rasped, then trampled and washed over a mat so that the starch settles in a
  trough. The wet starch is dried and toasted into pellets. Sago was the staple of the Melanau and an important
  export."""),
I(A, "a", "Oral history: a bidan kampung on confinement food",
  "Sejarah lisan: bidan kampung tentang makanan dalam pantang",
  "Terengganu, Malaysia", "1990s", 1991, 1991, ORAL, EDU,
  "oral history, sejarah lisan, bidan kampung, pantang, confinement, traditional medicine, ubat tradisional, interview",
  """Interview with an elderly village midwife (bidan kampung) about the forty-four days of confinement
  (pantang) after childbirth. She explains which foods were given to warm the mother's body and which were
  avoided, the use of herbal drinks (jamu), hot compresses and body wraps, and the massages she gave. She
  describes how her work changed when births moved to clinics and hospitals."""),
I(A, "i", "Wedding feast cooked by neighbours (rewang)",
  "Kenduri kahwin dimasak secara rewang",
  "Johor, Malaysia", "1980s", 1988, 1988, FEST, CC,
  "kenduri, rewang, wedding, perkahwinan, gotong-royong, nasi minyak, photograph",
  """Photograph of neighbours cooking nasi minyak and curries in huge pots under a temporary shelter for a
  village wedding feast, a cooperative effort known in Johor as rewang. Men stir the pots while women prepare
  vegetables nearby."""),
I(A, "i", "Bunga telur and bunga manggar at a wedding",
  "Bunga telur dan bunga manggar di majlis perkahwinan",
  "Selangor, Malaysia", "1990s", 1990, 1999, FEST, CC,
  "bunga telur, bunga manggar, wedding, perkahwinan, gifts, photograph",
  """Photograph of the bunga telur, decorated eggs in holders given to guests at a Malay wedding as a symbol of
  fertility, and bunga manggar, tall ornaments of shiny paper modelled on coconut palm blossom carried in the
  bridegroom's procession."""),

# ---- Southeast Asia comparative ----
I(A, "v", "Loy Krathong in northern Thailand",
  "Loy Krathong di utara Thailand",
  "Chiang Mai, Thailand", "2000s", 2008, 2008, SEA, CC,
  "loy krathong, thailand, festival, krathong, lanterns, chiang mai, video",
  """Video of Loy Krathong in Chiang Mai, when people float small rafts (krathong) made of banana trunk and
  leaves, decorated with flowers, candles and incense, on rivers and ponds at the full moon of the twelfth
  lunar month. In the north the festival coincides with Yi Peng, when paper lanterns are released into the
  sky."""),
I(A, "i", "Songkran water festival street scene",
  "Suasana jalan Pesta Air Songkran",
  "Bangkok, Thailand", "1990s", 1996, 1996, SEA, CC,
  "songkran, thai new year, water festival, thailand, photograph",
  """Photograph of a crowded street in Bangkok during Songkran, the Thai New Year in April, with people
  splashing each other with water from bowls and hoses. Songkran is also celebrated by Siamese communities in
  Kelantan and Kedah."""),
I(A, "d", "Hawker centres of Singapore",
  "Pusat penjaja Singapura",
  "Singapore", "2020s", 2020, 2021, SEA, CC,
  "hawker culture, hawker centre, singapore, street food, unesco, foodways, document",
  """Short report on hawker culture in Singapore, inscribed on UNESCO's Representative List of the
  Intangible Cultural Heritage of Humanity in 2020. Street hawkers were moved into purpose-built hawker centres
  from the 1960s and 1970s, where stalls sell dishes from Malay, Chinese, Indian and Peranakan traditions. The
  report compares these centres with the hawker stalls and food courts of Malaysian towns."""),
]
