from common import *  # noqa

ITEMS = [
# ---- historic photographs: work and everyday life ----
I("photographs", "i", "Women panning for tin with dulang, Kinta Valley",
  "Wanita mendulang bijih timah, Lembah Kinta",
  "Kinta Valley, Perak, Malaysia", "1930s", 1930, 1939, PHOTO, PD,
  "tin mining, bijih timah, dulang, dulang washer, kinta valley, perak, women, photograph",
  """Black-and-white photograph of women standing knee-deep in a stream below a tin mine in the Kinta Valley,
  swirling wooden pans (dulang) to separate heavy grains of tin ore from sand and gravel. Dulang washing was
  licensed work, often done by Chinese women, who wore wide hats and dark clothes. The photograph is from an
  album of views of the Perak tin fields."""),
I("photographs", "i", "Tin dredge on a mining pool near Ipoh",
  "Kapal korek bijih timah berhampiran Ipoh",
  "Kinta Valley, Perak, Malaysia", "1950s", 1950, 1959, PHOTO, PD,
  "tin mining, bijih timah, tin dredge, kapal korek, kinta valley, ipoh, perak, photograph",
  """Photograph of a large bucket-chain tin dredge floating on the pond it has dug, near Ipoh. Dredges of this
  kind, introduced in the early twentieth century, dug up tin-bearing ground, processed it on board and left
  behind the lakes and sand tailings that still mark the Kinta Valley landscape. One dredge at Tanjung Tualang
  has been preserved as a heritage site."""),
I("photographs", "a", "Oral history: a Hakka tin miner's memories",
  "Sejarah lisan: kenangan pelombong bijih timah Hakka",
  "Ipoh, Perak, Malaysia", "1990s", 1994, 1994, ORAL, EDU,
  "oral history, sejarah lisan, tin mining, bijih timah, hakka, chinese community, kinta valley, interview",
  """Interview in Hakka and Malay, with an English summary, with a man who worked in open-cast tin mines in the
  Kinta Valley from the 1940s to the 1980s. He came to the mines as a boy, following an uncle, and started by
  carrying baskets of earth; later he worked the gravel pumps that blasted the ground with high-pressure water
  and lifted the slurry up to wooden sluices (palong), where the heavier tin ore settled. He describes the
  kongsi houses where miners lived and ate together, the role of the mine owner (towkay), payday gambling,
  festivals at the local temple, and the fear of landslides in the pit. He recalls the hardship of the
  Japanese occupation, when many mines stopped, and the boom years of the 1950s and 1960s. He explains how the
  collapse of tin prices in the 1980s closed most mines in the valley, leaving former miners to find work in
  towns, and how the old mining ponds became fish ponds, housing estates and lakes. About two hours, with a
  transcript and a sketch map of the mine he drew for the interviewer."""),
I("photographs", "i", "Rubber tapper at dawn",
  "Penoreh getah pada waktu subuh",
  "Negeri Sembilan, Malaysia", "1950s", 1955, 1958, PHOTO, PD,
  "rubber, getah, rubber tapping, menoreh getah, latex, estate workers, photograph",
  """Photograph of a rubber tapper cutting a thin spiral groove in the bark of a rubber tree by the light of
  a headlamp, with latex running down into a cup. Tapping began before dawn, when the latex flowed best."""),
I("photographs", "a", "Oral history: a Tamil rubber estate worker",
  "Sejarah lisan: pekerja ladang getah Tamil",
  "Kedah, Malaysia", "2000s", 2002, 2002, ORAL, EDU,
  "oral history, sejarah lisan, rubber estate, ladang getah, tamil, estate workers, indian community, interview",
  """Interview in Tamil, with an English summary and transcript, with a woman who was born on a rubber estate in
  Kedah and worked there as a tapper for forty years. She describes the daily routine: waking at four, walking
  to her task of several hundred trees, tapping each one, then collecting the latex in buckets and carrying it
  to the weighing station, where her work was measured and recorded. She speaks of the estate lines where
  families lived in rows of wooden quarters, the Tamil school and the temple on the estate, the toddy shop, the
  kangany who supervised workers, and the festivals of Thaipusam, Deepavali and Ponggal celebrated on the
  estate. She remembers the Emergency period, when tappers worked under curfews and estates were guarded, and the
  fragmentation of estates from the 1960s, when many were sold and subdivided and workers were resettled or
  moved to towns. Her account is one of a set of interviews recording the lives of plantation communities
  whose estates have since been turned into oil palm or housing."""),
I("photographs", "i", "Transplanting rice seedlings in Kedah",
  "Menanam anak padi di Kedah",
  "Kedah, Malaysia", "1960s", 1963, 1963, PHOTO, PD,
  "padi, sawah, rice farming, menanam padi, kedah, farmers, photograph",
  """Photograph of a line of women bending in a flooded field in Kedah, transplanting rice seedlings by hand,
  with Gunung Jerai in the distance. Kedah's plains have long been one of the main rice-growing areas of the
  Peninsula."""),
I("photographs", "i", "Harvesting rice with the tuai",
  "Menuai padi dengan tuai",
  "Kelantan, Malaysia", "1950s", 1952, 1958, PHOTO, PD,
  "padi, sawah, menuai, tuai, ani-ani, harvest, rice farming, kelantan, photograph",
  """Photograph of women harvesting rice panicle by panicle with a small finger knife (tuai), a method used for
  traditional rice varieties and linked to beliefs about treating the rice spirit gently."""),
I("photographs", "d", "Rice farming rituals: notes on semangat padi",
  "Ritual penanaman padi: catatan tentang semangat padi",
  "Kedah and Perlis, Malaysia", "1960s", 1964, 1964, BUILT, CC,
  "padi, semangat padi, rice spirit, ritual, rice farming, kedah, perlis, adat, document",
  """Field notes by an anthropologist on the beliefs and rites that accompanied rice growing in Kedah and
  Perlis villages. Farmers spoke of the semangat padi, the soul or vital spirit of the rice, which had to be
  treated with courtesy like a shy young woman so that it would stay in the field and the granary. The notes
  describe the choosing of an auspicious day to begin planting, the first cutting of the rice at harvest, when a
  small bundle representing the rice soul (ibu padi) was cut with the tuai by a knowledgeable person, wrapped
  in cloth and carried home to the granary, and the taboos observed during these times, such as speaking softly
  in the field. The writer records the role of a ritual specialist (bomoh) and the kenduri feasts held in the
  village, and notes that the spread of new rice varieties, double cropping and machines in the 1960s was
  already reducing these practices. Later annotations added by the writer in the 1980s report that most of
  the rites had by then disappeared, though some farmers still set aside the first sheaf."""),
I("photographs", "i", "Fishermen landing their catch, Terengganu",
  "Nelayan mendaratkan hasil tangkapan, Terengganu",
  "Kuala Terengganu, Terengganu, Malaysia", "1960s", 1966, 1966, PHOTO, PD,
  "fishermen, nelayan, perahu, fishing village, terengganu, east coast, photograph",
  """Photograph of fishermen carrying baskets of fish up the beach from their boats while women wait to buy and
  sort the catch. Drying racks for salted fish stand along the shore."""),
I("photographs", "a", "Oral history: an east coast fisherman on the monsoon",
  "Sejarah lisan: nelayan pantai timur tentang musim tengkujuh",
  "Marang, Terengganu, Malaysia", "1990s", 1992, 1992, ORAL, EDU,
  "oral history, sejarah lisan, fishermen, nelayan, monsoon, musim tengkujuh, terengganu, interview",
  """Interview in Terengganu Malay with a retired fisherman about life on the east coast. He describes the
  northeast monsoon season (musim tengkujuh) from about November to February, when the sea was too rough for
  small boats and fishermen repaired nets and boats, made crafts, or borrowed money to survive; the skills of
  reading weather and stars; and the change from sail and oar to outboard engines in the 1960s and 1970s."""),
I("photographs", "i", "Trishaws outside a George Town market",
  "Beca di luar pasar George Town",
  "George Town, Penang, Malaysia", "1970s", 1972, 1972, PHOTO, CC,
  "trishaw, beca, george town, penang, street life, pasar, photograph",
  """Colour photograph of a row of trishaws (beca) waiting outside a market in George Town, the riders
  resting under umbrellas fixed to the seats. In Penang the passenger sits in front of the rider."""),
I("photographs", "a", "Oral history: a Penang trishaw rider",
  "Sejarah lisan: penunggang beca Pulau Pinang",
  "George Town, Penang, Malaysia", "2000s", 2008, 2008, ORAL, EDU,
  "oral history, sejarah lisan, trishaw, beca, george town, penang, street life, interview",
  """Interview with a trishaw rider in his seventies who has worked in George Town for fifty years. He describes
  carrying schoolchildren, market women and goods before cars and buses became common, the rent he paid for his
  trishaw, and his current passengers, who are mostly tourists. He also describes the streets and trades of
  the old town as they were in his youth."""),
I("photographs", "i", "Market Square, Kuala Lumpur",
  "Medan Pasar, Kuala Lumpur",
  "Kuala Lumpur, Malaysia", "1900s", 1900, 1910, PHOTO, PD,
  "kuala lumpur, market square, medan pasar, shophouses, old kuala lumpur, street, photograph",
  """Early photograph of the Market Square area of Kuala Lumpur, near the river confluence, with rows of
  shophouses, rickshaws and bullock carts. The town grew from a tin-mining trading post in the mid-nineteenth
  century and was rebuilt in brick after fires in the early 1880s."""),
I("photographs", "i", "Bullock cart on a country road",
  "Kereta lembu di jalan kampung",
  "Melaka, Malaysia", "1930s", 1930, 1939, PHOTO, PD,
  "kereta lembu, bullock cart, transport, kampung, melaka, photograph",
  """Photograph of a bullock cart with a curved roof of attap loaded with goods, driven along a road lined with
  coconut palms. The roof of the cart is shaped like a boat, a style associated with Melaka."""),
I("photographs", "i", "Merdeka Day at Stadium Merdeka, 31 August 1957",
  "Hari Merdeka di Stadium Merdeka, 31 Ogos 1957",
  "Kuala Lumpur, Malaysia", "1950s", 1957, 1957, PHOTO, PD,
  "merdeka, kemerdekaan, hari merdeka, 1957, tunku abdul rahman, stadium merdeka, independence, photograph",
  """Photograph of the independence ceremony at the newly built Stadium Merdeka in Kuala Lumpur on 31 August
  1957, showing the crowded stands and the dignitaries on the platform where Tunku Abdul Rahman read the
  Proclamation of Independence."""),
I("photographs", "v", "Newsreel of the independence celebrations, 1957",
  "Filem berita sambutan kemerdekaan, 1957",
  "Kuala Lumpur, Malaysia", "1950s", 1957, 1957, PHOTO, PD,
  "merdeka, kemerdekaan, hari merdeka, 1957, newsreel, tunku abdul rahman, independence, video",
  """Newsreel film of the independence celebrations of the Federation of Malaya. At midnight on 30 August 1957
  crowds gathered at the Selangor Club padang to see the Union Jack lowered and the new flag raised. The next
  morning, at Stadium Merdeka, the Proclamation of Independence was read by Tunku Abdul Rahman before the
  rulers of the Malay states, representatives of the British crown and a large crowd, and the Tunku led the
  shouts of 'Merdeka!'. The film also shows the national anthem Negaraku being played, parades and the
  decoration of the streets of Kuala Lumpur. The narration is in English, and a Malay version is also
  held. The newsreel has been shown each year on national day in many forms, and the archive copy is one of
  the earliest prints."""),
I("photographs", "a", "Oral history: remembering Merdeka Day",
  "Sejarah lisan: mengenang Hari Merdeka",
  "Kuala Lumpur, Malaysia", "2000s", 2007, 2007, ORAL, EDU,
  "oral history, sejarah lisan, merdeka, kemerdekaan, 1957, independence, interview",
  """Recorded on the fiftieth anniversary of independence, this interview is with a retired teacher who attended
  the ceremony at Stadium Merdeka as a young man. He describes travelling to Kuala Lumpur by train with friends,
  queuing before dawn, the silence before the proclamation was read and the noise of the crowd afterwards, and
  what independence meant to his family in the village. He also speaks of the national language campaign and
  of teaching in a rural school in the 1960s."""),
I("photographs", "a", "Oral history: childhood during the Japanese occupation",
  "Sejarah lisan: zaman kanak-kanak semasa pendudukan Jepun",
  "Johor, Malaysia", "1990s", 1995, 1995, ORAL, EDU,
  "oral history, sejarah lisan, japanese occupation, pendudukan jepun, world war ii, perang dunia kedua, interview",
  """Interview with a woman who was a child in a Johor village during the Japanese occupation of 1942–1945.
  She recalls the arrival of soldiers on bicycles, hiding in the rubber trees, learning Japanese songs at
  school, the shortage of rice when families ate tapioca and sweet potato, and the worthless 'banana money'. She
  also describes how neighbours of different communities helped one another, and the joy and uncertainty when
  the war ended."""),
I("photographs", "i", "Studio portrait of a Peranakan family",
  "Potret studio sebuah keluarga Peranakan",
  "Melaka, Malaysia", "1920s", 1920, 1929, PHOTO, PD,
  "peranakan, baba nyonya, portrait, studio photograph, family, melaka, photograph",
  """Studio portrait of a Peranakan family in Melaka: the grandmother seated in the centre in a long baju panjang
  with kerosang brooches, the men in Western suits, and children in front. Painted backdrops and carved furniture
  were supplied by the photographer."""),
I("photographs", "i", "Kampung scene with houses on stilts and coconut palms",
  "Suasana kampung dengan rumah bertiang dan pohon kelapa",
  "Pahang, Malaysia", "1950s", 1956, 1956, PHOTO, PD,
  "kampung, village, rumah melayu, rumah tradisional, coconut palms, pahang, photograph",
  """Photograph of a Malay village beside a river in Pahang, with timber houses raised on posts among coconut
  palms and fruit trees, a boat pulled up on the bank and chickens under the houses."""),
I("photographs", "v", "Amateur film of a Melaka river journey",
  "Filem amatur perjalanan di Sungai Melaka",
  "Melaka, Malaysia", "1960s", 1964, 1964, PHOTO, CC,
  "melaka river, sungai melaka, tongkang, bumboat, melaka, amateur film, video",
  """Colour 8 mm amateur film shot from a boat on the Melaka river, passing godowns, tongkang lighters,
  houses on the banks and fishermen mending nets. The river mouth was then a working port area, before it was
  redeveloped for tourism."""),
I("photographs", "d", "Photograph albums of a travelling studio photographer",
  "Album gambar seorang jurugambar studio kelana",
  "Perak and Kedah, Malaysia", "1930s–1950s", 1932, 1958, PHOTO, CC,
  "studio photograph, photographer, jurugambar, portraits, glass negatives, perak, kedah, document",
  """Catalogue of the negatives and albums of a photographer who ran a small studio in a Perak town and travelled
  to villages and estates in Perak and Kedah to take portraits. The collection includes thousands of glass
  plates and film negatives of weddings, families, schoolchildren, estate workers, shop fronts and local events,
  with the photographer's own register of names and dates. The catalogue describes how the negatives were found
  in the family house, cleaned and digitised, and how former customers and their descendants have helped
  identify the people shown. Essays discuss the conventions of studio portraiture, the props and backdrops the
  photographer used, and the way the pictures record clothing, hairstyles and social change among Malay,
  Chinese and Indian families over three decades. Access to some portraits is restricted at the request of
  families."""),

# ---- more oral histories ----
I("oral histories", "a", "Oral history: a Semai elder on forest knowledge",
  "Sejarah lisan: warga emas Semai tentang ilmu hutan",
  "Tapah, Perak, Malaysia", "2000s", 2005, 2005, ORAL, EDU,
  "oral history, sejarah lisan, orang asli, semai, forest, hutan, medicinal plants, perak, interview",
  """Interview with a Semai elder in an Orang Asli village in the hills near Tapah. Speaking Semai with a Malay
  interpreter, he describes shifting cultivation of hill rice and cassava, hunting with the blowpipe, the
  collection of forest products such as rattan and petai for sale, and the plants used as medicine. He tells
  stories about the spirits of the forest and the origin of the thunder, and describes the move from
  scattered settlements to a regrouped village with a school and clinic in the 1970s. The interview was made
  with the agreement of the village, and some passages about healing rites are restricted at the speaker's
  request."""),
I("oral histories", "a", "Oral history: an Iban elder on tattoos and journeys (bejalai)",
  "Sejarah lisan: warga emas Iban tentang tatu dan bejalai",
  "Kapit, Sarawak, Malaysia", "1990s", 1997, 1997, ORAL, EDU,
  "oral history, sejarah lisan, iban, tattoo, tatu, bunga terung, bejalai, sarawak, interview",
  """Interview in Iban with an English translation, recorded on the ruai of a longhouse on the upper Rajang.
  The speaker, in his eighties, explains the custom of bejalai, the journey that young Iban men made away from
  the longhouse to gain experience, wealth and reputation, working in timber camps, oil fields or trading posts
  before returning. He describes his own journeys and the tattoos he acquired, including the bunga terung
  (aubergine flower) tattoos on the shoulders, traditionally the first tattoo a young man received, and others
  marking places visited and deeds done. He explains how tattoo designs were pricked into the skin with needles
  and a soot-based ink, and how the tattooist was paid. He shows his tattoos to the camera in an accompanying
  set of photographs. Later in the interview he talks about changes in the longhouse since his youth, the
  arrival of schools and churches, and his grandchildren who live in towns."""),
I("oral histories", "a", "Oral history: a Kristang speaker in Melaka",
  "Sejarah lisan: penutur bahasa Kristang di Melaka",
  "Melaka, Malaysia", "2010s", 2013, 2013, ORAL, CC,
  "oral history, sejarah lisan, kristang, papia kristang, portuguese settlement, eurasian, melaka, language, interview",
  """Interview with an elderly resident of the Portuguese Settlement in Melaka, recorded in Kristang (Papia
  Kristang), the Portuguese-based creole of the Melaka Eurasian community, with an English translation. She
  talks about her childhood, fishing families, Catholic festivals, cooking, and the songs sung at weddings,
  and laments that few young people still speak the language at home. Linguists have described Kristang as
  endangered, and the recording forms part of a collection made to document it."""),
I("oral histories", "a", "Oral history: a Chitty community elder",
  "Sejarah lisan: warga emas masyarakat Chetti",
  "Kampung Chetti, Melaka, Malaysia", "2000s", 2006, 2006, ORAL, EDU,
  "oral history, sejarah lisan, chetti, chitty, indian peranakan, kampung chetti, melaka, interview",
  """Interview in Malay with an elder of the Chitty (Chetti) community of Melaka, descendants of Tamil traders
  who settled in Melaka centuries ago and married locally. They speak Malay, dress in sarong and kebaya, and
  keep Hindu worship at their temples. He describes the community's temples, the Mengamay festival, food that
  mixes Malay and Indian cooking, and the small size of the present community."""),
I("oral histories", "a", "Oral history: a teacher at a Malay girls' school",
  "Sejarah lisan: guru di sekolah perempuan Melayu",
  "Kota Bharu, Kelantan, Malaysia", "1990s", 1990, 1990, ORAL, EDU,
  "oral history, sejarah lisan, education, pendidikan, women, malay school, teacher, interview",
  """Interview with a retired schoolteacher who trained in the 1950s and taught at Malay girls' schools. She
  describes persuading parents to let daughters continue to secondary school, the subjects taught, including
  needlework and cookery alongside reading and arithmetic, and the rapid growth of schooling for girls after
  independence."""),
I("oral histories", "a", "Oral history: a Sikh watchman and dairy keeper",
  "Sejarah lisan: penjaga dan penternak lembu Sikh",
  "Ipoh, Perak, Malaysia", "1980s", 1987, 1987, ORAL, EDU,
  "oral history, sejarah lisan, sikh, punjabi, indian community, migration, perak, interview",
  """Interview in Punjabi and English with a Sikh man who came to Malaya from Punjab in the 1930s and worked as a
  watchman and later kept dairy cattle, selling milk door to door. He describes the gurdwara as the centre of
  community life, and how Sikhs in Malaya were employed in the police, as watchmen and in transport."""),

# ---- more batik (Terengganu and general Malaysian; none from Kelantan) ----
I("crafts and textiles", "d", "Batik in Malaysia: a short history for schools",
  "Batik di Malaysia: sejarah ringkas untuk sekolah",
  "Malaysia", "2010s", 2011, 2011, CRAFT, CC,
  "batik, batik malaysia, malaysian batik, history, textile, education, document",
  """A booklet for secondary schools on the history of batik in Malaysia. Batik is a way of decorating cloth
  by applying a resist, usually hot wax, to parts of the fabric so that they do not take the dye; after
  dyeing the wax is removed, leaving the pattern. The booklet explains that batik cloth from Java was traded
  to the Malay Peninsula for centuries and that local production grew on the east coast in the early twentieth
  century, at first with simple techniques and then with copper stamping blocks (batik cap or batik blok) that
  made it possible to produce sarongs quickly and cheaply. From the 1960s and 1970s, hand-drawn batik (batik
  lukis or batik canting) developed into a distinct Malaysian style with large floral motifs and brushed
  colours, and batik was promoted as national dress. The booklet describes the equipment (canting, blocks,
  frames, wax and dyes), the main motifs, such as bunga raya, leaves, ferns and geometric patterns, and the
  uses of batik in sarongs, shirts, baju kurung, scarves and decoration. Classroom activities include drawing
  a batik design and a simple wax-resist exercise with crayons. A timeline lists key events, such as the
  adoption of batik shirts as official wear."""),
I("crafts and textiles", "v", "Batik painting workshop for children",
  "Bengkel melukis batik untuk kanak-kanak",
  "Kuala Lumpur, Malaysia", "2010s", 2018, 2018, CRAFT, CC,
  "batik, batik lukis, batik canting, workshop, children, kuala lumpur, education, video",
  """Video of a school holiday workshop in Kuala Lumpur where children draw wax outlines with a canting on small
  squares of cotton stretched on frames and then fill the shapes with dye using brushes. The instructor explains
  the wax-resist principle and shows how the wax is removed by boiling."""),
I("crafts and textiles", "i", "Hand-drawn batik with bunga raya motif",
  "Batik lukis bermotif bunga raya",
  "Kuala Terengganu, Terengganu, Malaysia", "2000s", 2004, 2004, CRAFT, CC,
  "batik, batik lukis, batik terengganu, bunga raya, hibiscus, motif, textile, photograph",
  """Photograph of a length of hand-drawn batik silk from a Terengganu workshop with large hibiscus (bunga raya)
  blossoms in red and orange, shaded from light to dark, on a background of green leaves and crackle lines
  where the wax broke during dyeing."""),
I("crafts and textiles", "a", "Oral history: a Terengganu batik artist",
  "Sejarah lisan: pelukis batik Terengganu",
  "Kuala Terengganu, Terengganu, Malaysia", "2010s", 2014, 2014, ORAL, EDU,
  "oral history, sejarah lisan, batik, batik lukis, batik terengganu, batik canting, artist, interview",
  """Interview with a batik artist who has run a small hand-drawn batik workshop in Kuala Terengganu since the
  1980s. She describes learning from her father, who printed block batik sarongs, and her decision to work with
  the canting and brush on silk instead. She explains how she develops designs from plants and the sea, how she
  mixes dyes, and how she trains young workers to hold the canting steadily. She talks about the market for
  batik among office workers and tourists, the competition from printed imitations, and the pride she takes in
  commissions for official events. Sixty-five minutes, in Malay, with an English summary."""),
I("crafts and textiles", "v", "Block batik sarong production, Terengganu",
  "Pengeluaran kain sarung batik blok, Terengganu",
  "Kuala Terengganu, Terengganu, Malaysia", "1990s", 1995, 1995, CRAFT, EDU,
  "batik, batik blok, batik cap, batik terengganu, sarong, kain sarung, textile, video",
  """Video of a block batik workshop in Terengganu producing men's and women's sarongs. Workers dip copper blocks
  in wax and stamp repeated patterns along lengths of cotton laid on padded tables, dye the cloth in vats,
  and boil off the wax. A second round of stamping and dyeing adds another colour. The owner explains how
  many sarongs the workshop produces in a day and where they are sold."""),
I("crafts and textiles", "i", "Batik sarong with geometric border (kepala kain)",
  "Kain batik bersarung dengan kepala kain geometri",
  "Malaysia", "1950s", 1950, 1959, CRAFT, PD,
  "batik, batik sarong, kain batik, kepala kain, batik malaysia, textile, photograph",
  """Photograph of a mid-twentieth-century batik sarong made in the Peninsula, with a contrasting panel (kepala
  kain) of triangles and a body of small repeated flowers, stamped in brown, indigo and cream. It was worn
  everyday by its owner."""),
I("crafts and textiles", "d", "Batik designs submitted for Malaysian batik week",
  "Rekaan batik untuk minggu batik Malaysia",
  "Kuala Lumpur, Malaysia", "2010s", 2016, 2016, CRAFT, CC,
  "batik, batik malaysia, malaysian batik, design, fashion, motif, document",
  """Programme and design portfolio from a Malaysian batik week, with photographs of collections by designers
  from several states and notes on motifs drawn from local flora, such as ferns, orchids and the bunga
  raya, and on the use of batik in contemporary fashion."""),

# ---- Southeast Asia comparative performing arts and textiles ----
I("southeast asia", "v", "Javanese wayang kulit all-night performance",
  "Persembahan wayang kulit Jawa sepanjang malam",
  "Yogyakarta, Indonesia", "1990s", 1994, 1994, SEA, EDU,
  "wayang kulit, wayang kulit jawa, javanese wayang, dalang, gamelan, yogyakarta, indonesia, shadow puppet theatre, video",
  """Video of an all-night performance of Javanese wayang kulit in Yogyakarta, lasting from about nine in the
  evening until dawn. A single dalang sits before the screen, manipulating dozens of intricately carved and
  painted buffalo-hide puppets, giving voice to every character, singing mood songs (suluk) and directing the
  gamelan orchestra with knocks on the puppet chest beside him. The story is a lakon from the Mahabharata
  cycle, with the heroic Pandawa brothers and their allies, and the performance follows the traditional
  structure of three main sections, each associated with a musical mode and a time of night. In the middle of
  the night the clown-servants (punakawan) Semar, Gareng, Petruk and Bagong take the stage for a long comic
  interlude with jokes about current affairs, songs and requests from the audience. The recording was made
  with cameras on both sides of the screen. Wayang puppet theatre of Indonesia was proclaimed a Masterpiece of
  the Oral and Intangible Heritage of Humanity by UNESCO in 2003. The video is often used for comparison with
  the wayang kulit Kelantan recordings in the archive."""),
I("southeast asia", "v", "Sbek thom large shadow puppets of Cambodia",
  "Wayang kulit besar sbek thom, Kemboja",
  "Siem Reap, Cambodia", "2000s", 2007, 2007, SEA, EDU,
  "sbek thom, shadow puppet, wayang kulit, cambodia, khmer, reamker, video",
  """Video of sbek thom, the Khmer theatre of large shadow puppets. Each puppet is a single large panel of
  pierced leather, without moving parts, held up by a dancer who moves in front of and behind a screen lit by a
  fire. The stories come from the Reamker, the Khmer Ramayana. The form was proclaimed a Masterpiece of the
  Oral and Intangible Heritage of Humanity in 2005."""),
I("southeast asia", "i", "Nang yai shadow puppet panel, Thailand",
  "Panel wayang nang yai, Thailand",
  "Ratchaburi, Thailand", "1980s", 1985, 1985, SEA, CC,
  "nang yai, shadow puppet, wayang kulit, thailand, ramakien, photograph",
  """Photograph of a nang yai panel, a large carved hide figure used in the Thai theatre of big shadow puppets,
  showing a scene from the Ramakien with figures framed by foliage. Nang yai is closely related to Cambodian
  sbek thom."""),
I("southeast asia", "v", "Vietnamese water puppetry (mua roi nuoc)",
  "Wayang air Vietnam (mua roi nuoc)",
  "Hanoi, Vietnam", "2000s", 2009, 2009, SEA, CC,
  "water puppetry, mua roi nuoc, vietnam, puppet, hanoi, video",
  """Video of a water puppet show in Hanoi. The stage is a pool of water; puppeteers stand waist-deep behind a
  bamboo screen and move lacquered wooden puppets with long rods and strings hidden under the water. Scenes show
  rice planting, fishing, dragon dances and legends, with live music and singing."""),
I("southeast asia", "v", "Khon masked dance drama, Bangkok",
  "Drama tari bertopeng khon, Bangkok",
  "Bangkok, Thailand", "2010s", 2018, 2018, SEA, EDU,
  "khon, masked dance, thailand, ramakien, bangkok, dance drama, video",
  """Video of a khon performance in Bangkok, the Thai masked dance drama based on the Ramakien. Dancers playing
  demons and monkeys wear elaborate masks, while some principal roles are played without masks. Narrators and a
  chorus tell the story to a piphat orchestra. Khon was inscribed by UNESCO in 2018."""),
I("southeast asia", "v", "Royal ballet of Cambodia rehearsal",
  "Latihan tarian diraja Kemboja",
  "Phnom Penh, Cambodia", "2000s", 2004, 2004, SEA, EDU,
  "royal ballet of cambodia, khmer classical dance, apsara, dance, cambodia, video",
  """Video of a rehearsal of Khmer classical dance in Phnom Penh, with teachers correcting the deep back-bent
  fingers, flexed feet and slow, controlled movements of young dancers. The tradition was nearly lost during the
  Khmer Rouge period and was rebuilt by surviving teachers."""),
I("southeast asia", "a", "Kulintang music from Mindanao",
  "Muzik kulintang dari Mindanao",
  "Mindanao, Philippines", "1970s", 1976, 1976, SEA, CC,
  "kulintang, gong chime, mindanao, philippines, maguindanao, music, audio",
  """Field recording of a kulintang ensemble from the Maguindanao of Mindanao in the southern Philippines, led by
  a row of small bronze gong-kettles laid horizontally in a wooden frame, with larger hanging gongs and a drum.
  The recording is useful for comparison with the caklempong of Negeri Sembilan and the gong ensembles of
  Sabah."""),
I("southeast asia", "a", "Balinese gamelan gong kebyar",
  "Gamelan gong kebyar Bali",
  "Bali, Indonesia", "1980s", 1983, 1983, SEA, CC,
  "gamelan, gamelan bali, gong kebyar, bali, indonesia, music, audio",
  """Recording of a Balinese gamelan gong kebyar, the brilliant, fast-changing style of Balinese gamelan that
  emerged in the early twentieth century, with its sudden bursts of sound, interlocking figuration and dynamic
  contrasts."""),
I("southeast asia", "i", "Javanese batik tulis with parang motif",
  "Batik tulis Jawa bermotif parang",
  "Yogyakarta, Indonesia", "1930s", 1930, 1939, SEA, PD,
  "batik, batik tulis, batik jawa, javanese batik, parang, indonesia, textile, photograph",
  """Photograph of a Javanese hand-drawn batik (batik tulis) in the parang pattern of diagonal bands of
  blade-like forms, in brown and indigo on cream. In the courts of central Java certain parang designs were
  reserved for royalty. Indonesian batik was inscribed by UNESCO in 2009."""),
I("southeast asia", "i", "T'nalak abaca cloth of the T'boli",
  "Kain t'nalak abaka suku T'boli",
  "South Cotabato, Philippines", "1990s", 1993, 1993, SEA, CC,
  "t'nalak, tnalak, t'boli, abaca, ikat, philippines, textile, photograph",
  """Photograph of a t'nalak, a cloth woven by T'boli women of Mindanao from abaca fibre, tie-dyed in red, black
  and cream. Weavers say the designs come to them in dreams."""),
I("southeast asia", "v", "Angklung ensemble performance",
  "Persembahan ensembel angklung",
  "Bandung, West Java, Indonesia", "2010s", 2012, 2012, SEA, CC,
  "angklung, bamboo, sunda, west java, indonesia, music, video",
  """Video of a large angklung ensemble in Bandung. Each player shakes one or two bamboo angklung tuned to single
  notes, and together they play melodies under a conductor's hand signals. Angklung is also played in Malaysian
  schools. Indonesian angklung was inscribed by UNESCO in 2010."""),
I("southeast asia", "a", "Khaen music of Laos",
  "Muzik khaen dari Laos",
  "Vientiane, Laos", "1990s", 1998, 1998, SEA, CC,
  "khaen, mouth organ, laos, lao music, bamboo, audio",
  """Recording of the khaen, the Lao bamboo mouth organ with two rows of pipes, played solo and accompanying a
  lam singer. The music of the khaen was inscribed by UNESCO in 2017."""),
I("southeast asia", "v", "Yoke thé marionette theatre, Mandalay",
  "Teater boneka tali yoke thé, Mandalay",
  "Mandalay, Myanmar", "2000s", 2006, 2006, SEA, CC,
  "yoke the, marionette, puppet, myanmar, burma, mandalay, video",
  """Video of Burmese marionette theatre (yoke thé) in Mandalay, in which puppeteers above the stage work
  string puppets of kings, princesses, alchemists and animals with great precision, to the music of a hsaing
  waing orchestra."""),
]
