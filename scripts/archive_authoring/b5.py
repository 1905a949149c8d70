from common import *  # noqa

A = "architecture"
ITEMS = [
# ---- traditional Malay houses ----
I(A, "d", "Survey of the traditional Malay house (rumah Melayu)",
  "Tinjauan rumah tradisional Melayu",
  "Malaysia", "1980s", 1983, 1986, BUILT, CC,
  "rumah melayu, rumah tradisional, traditional house, seni bina, architecture, rumah panggung, document",
  """A measured survey of traditional Malay houses in several states, with plans, sections and photographs.
  The report begins with the features that most Malay houses share: the house is raised on timber posts
  (rumah panggung), which lifts the living floor above floods, damp ground and animals and lets air flow
  underneath; the walls are of timber boards, woven bamboo or palm-leaf panels; the steep roof, once thatched
  with attap (nipah or rumbia palm leaves) and later covered with zinc or clay tiles, sheds heavy rain and is
  vented at the gables. Inside, the house is divided into a front section for receiving guests (serambi), the
  main house (rumah ibu) and a kitchen at the back, linked by a covered passage (selang). Floors step up and
  down to mark these zones. Openings are generous: large windows at floor level let people seated on mats feel
  the breeze. The survey then describes the main regional types, including the long-roofed house (rumah
  bumbung panjang), the hipped-roof rumah limas, the Melaka house with its tiled front staircase, the Negeri
  Sembilan house, and the twelve-post house (rumah tiang dua belas) of the east coast, and explains how a house
  could be extended as a family grew by adding new sections. A last chapter records the building ceremonies
  around the raising of the first post (tiang seri)."""),
I(A, "i", "Melaka house with a tiled front staircase",
  "Rumah Melaka bertangga batu berjubin",
  "Merlimau, Melaka, Malaysia", "1970s", 1974, 1976, BUILT, CC,
  "rumah melaka, rumah melayu, rumah tradisional, tangga batu, tiles, jubin, melaka, photograph",
  """Colour photograph of a traditional Melaka house raised on posts, with a front staircase of masonry
  faced with brightly coloured glazed tiles with floral patterns. The tiled stairs, a feature especially
  associated with Melaka, reflect the influence of Chinese and European building materials on Malay houses in
  the nineteenth and early twentieth centuries. The house has a long roof covered with clay tiles and carved
  ventilation panels above the windows."""),
I(A, "i", "Negeri Sembilan house with a long upswept roof",
  "Rumah Negeri Sembilan berbumbung panjang",
  "Kuala Pilah, Negeri Sembilan, Malaysia", "1960s", 1962, 1968, BUILT, PD,
  "rumah negeri sembilan, rumah melayu, rumah tradisional, minangkabau, bumbung, negeri sembilan, photograph",
  """Black-and-white photograph of a timber house near Kuala Pilah whose long roof rises gently at both ends,
  a form that recalls the horned roofs of the Minangkabau homeland in Sumatra, from which many of the
  settlers of Negeri Sembilan came. The house has a raised front section with a row of windows and a
  staircase at the side. Villagers stand on the steps."""),
I(A, "i", "Rumah Kutai with woven bamboo walls, Perak",
  "Rumah Kutai berdinding kelarai, Perak",
  "Perak, Malaysia", "1980s", 1984, 1984, BUILT, CC,
  "rumah kutai, rumah melayu, rumah tradisional, kelarai, anyaman buluh, perak, photograph",
  """Photograph of a rumah Kutai, an old form of Perak Malay house found along the Perak river, with walls of
  woven bamboo panels (kelarai) in a diagonal pattern set into a timber frame and a steep thatched roof. Few
  such houses survive; the one photographed was already empty and leaning when recorded."""),
I(A, "d", "Measured drawings of a twelve-post house (rumah tiang dua belas)",
  "Lukisan terukur rumah tiang dua belas",
  "Kuala Terengganu, Terengganu, Malaysia", "1990s", 1992, 1992, BUILT, CC,
  "rumah tiang dua belas, rumah melayu, rumah tradisional, terengganu, measured drawing, cengal, document",
  """A set of measured drawings, made by architecture students, of a twelve-post house in the Kuala
  Terengganu area. This type, known on the east coast as rumah tiang dua belas, is built around a main frame
  of twelve posts and was traditionally prefabricated so that it could be taken apart and moved. The walls are
  timber panels in frames (dinding janda berhias), and the steep roof has carved gable boards. The drawings
  include plans, elevations, details of joints held with wooden pegs and wedges, and the carved panels. A
  short text notes that timber houses of this kind were sometimes sold and re-erected in new places, and that
  several examples have been moved to museum grounds."""),
I(A, "v", "Moving a timber house to a new site",
  "Memindahkan rumah kayu ke tapak baharu",
  "Kedah, Malaysia", "1970s", 1978, 1978, BUILT, EDU,
  "rumah melayu, rumah tradisional, gotong-royong, moving house, kedah, kampung, video",
  """Film of villagers in Kedah carrying a small timber house on their shoulders to a new plot, a
  well-known example of gotong-royong, communal work. Dozens of men lift the house on poles threaded under
  the floor while an older man calls out the rhythm. Because traditional houses are built on posts and joined
  without nails, they could be moved whole or dismantled and rebuilt. The film ends with a shared meal."""),
I(A, "a", "Oral history: a village carpenter who built houses",
  "Sejarah lisan: tukang rumah kampung",
  "Kedah, Malaysia", "1990s", 1993, 1993, ORAL, EDU,
  "oral history, sejarah lisan, tukang rumah, carpenter, rumah melayu, rumah tradisional, kedah, interview",
  """Interview with a carpenter (tukang rumah) who built timber houses in Kedah villages from the 1940s to
  the 1980s. He explains how he measured a house using the owner's body, with lengths based on the span of
  the arms (depa) and the cubit (hasta), how the first post was raised with prayers and offerings, and how
  joints were cut so that the frame held without nails. He describes the shift from attap roofs to zinc and
  from hand tools to power saws, and regrets that young people now want brick houses. About eighty minutes,
  in Kedah Malay, with a summary in English."""),
I(A, "i", "Interior of the rumah ibu with floor-level windows",
  "Bahagian dalam rumah ibu dengan tingkap rendah",
  "Melaka, Malaysia", "1980s", 1981, 1981, BUILT, CC,
  "rumah melayu, rumah ibu, interior, tingkap, rumah tradisional, melaka, photograph",
  """Photograph of the main room of a Malay house: polished floorboards, a pandan mat, and a row of tall
  windows opening at floor level, their lower halves fitted with turned wooden balusters (jerejak). Light
  falls across the floor from the open shutters."""),
I(A, "i", "Carved ventilation panels above a doorway",
  "Panel kerawang berukir di atas pintu",
  "Kota Bharu, Kelantan, Malaysia", "1970s", 1970, 1979, BUILT, CC,
  "ukiran kayu, kerawang, tebuk tembus, ventilation panel, rumah melayu, kelantan, photograph",
  """Photograph of a pierced carved panel (kerawang) above an interior doorway in a Kelantan house, with
  flowing foliage cut right through the board so that air and light pass through. Panels of this kind cool the
  house and decorate it at the same time."""),

# ---- palaces ----
I(A, "i", "Istana Kenangan, Kuala Kangsar",
  "Istana Kenangan, Kuala Kangsar",
  "Kuala Kangsar, Perak, Malaysia", "1980s", 1986, 1986, BUILT, CC,
  "istana kenangan, istana, palace, kuala kangsar, perak, rumah tradisional, photograph",
  """Photograph of the Istana Kenangan on Bukit Chandan, Kuala Kangsar, a timber palace built around 1930 for
  the Sultan of Perak. The walls are of woven bamboo panels in patterned weaves, and the building is widely
  described as having been built without nails. It later became the Royal Museum of Perak. The picture
  shows the long facade and the carved eaves."""),
I(A, "d", "Istana Seri Menanti: history and plan",
  "Istana Seri Menanti: sejarah dan pelan",
  "Seri Menanti, Negeri Sembilan, Malaysia", "1990s", 1996, 1996, BUILT, CC,
  "istana seri menanti, istana, palace, negeri sembilan, royal museum, timber architecture, document",
  """Guide booklet to the old timber palace at Seri Menanti, royal seat of Negeri Sembilan, built in the early
  twentieth century and now used as a royal museum. The palace stands on a large number of hardwood
  columns, is four storeys high with a tower, and was built by local craftsmen largely with timber joinery. The
  booklet gives a floor plan, describes the rooms and their former uses, and lists the objects on display,
  including royal clothing, weapons and photographs. A short history explains the customary system of
  Negeri Sembilan, in which the ruler is chosen by the territorial chiefs."""),
I(A, "i", "Istana Jahar, Kota Bharu",
  "Istana Jahar, Kota Bharu",
  "Kota Bharu, Kelantan, Malaysia", "2000s", 2005, 2005, BUILT, CC,
  "istana jahar, istana, palace, kota bharu, kelantan, museum, ukiran kayu, photograph",
  """Photograph of Istana Jahar in Kota Bharu, a palace built in the late nineteenth century and later turned
  into a museum of royal customs and traditions. The building is noted for its fine woodcarving on the
  facade and eaves. Visitors can be seen at the entrance."""),
I(A, "v", "Tour of a royal museum of customs, Kota Bharu",
  "Lawatan ke muzium adat istiadat diraja, Kota Bharu",
  "Kota Bharu, Kelantan, Malaysia", "2010s", 2015, 2015, BUILT, EDU,
  "istana jahar, muzium, adat istiadat, palace, kelantan, royal customs, video",
  """Video walk-through of the galleries in a former palace in Kota Bharu used as a museum of royal customs.
  Displays show the ceremonies of royal birth, circumcision, marriage and installation, with costumes,
  regalia and reconstructed scenes. The guide explains the carving on the building."""),

# ---- mosques and religious buildings ----
I(A, "d", "Masjid Kampung Laut: notes on an old timber mosque",
  "Masjid Kampung Laut: catatan tentang masjid kayu lama",
  "Nilam Puri, Kelantan, Malaysia", "1970s", 1971, 1971, BUILT, CC,
  "masjid kampung laut, masjid, mosque, timber mosque, kelantan, seni bina, document",
  """Report on the Masjid Kampung Laut, often described as one of the oldest surviving mosques in Malaysia.
  Its date of foundation is uncertain and different traditions place it several centuries back. It originally
  stood at Kampung Laut on the bank of the Kelantan river; after repeated flooding damaged the site, the
  mosque was dismantled and re-erected at Nilam Puri, near Kota Bharu, around 1970. The report describes the
  building as a square timber prayer hall on posts, with a tiered pyramidal roof, a form shared with old
  mosques in Java, Sumatra and Melaka and different from the domed mosques built later in the Peninsula. It
  records the structure of the roof, supported on four main pillars, the carved panels and the wooden
  drum (beduk) formerly used to call people to prayer. The report includes photographs taken before and after
  the move and plans of the reassembled building."""),
I(A, "i", "Kampung Hulu Mosque, Melaka",
  "Masjid Kampung Hulu, Melaka",
  "Melaka, Malaysia", "1990s", 1995, 1995, BUILT, CC,
  "masjid kampung hulu, masjid, mosque, melaka, tiered roof, minaret, photograph",
  """Photograph of the Kampung Hulu Mosque in Melaka, dating from the eighteenth century and among the oldest
  mosques in the country still in use. It has a three-tiered pyramidal roof crowned with an ornament and a
  minaret that resembles a pagoda, reflecting the mix of Malay, Chinese and other influences in Melaka's
  architecture."""),
I(A, "i", "Kampung Kling Mosque, Melaka",
  "Masjid Kampung Kling, Melaka",
  "Melaka, Malaysia", "1980s", 1985, 1985, BUILT, CC,
  "masjid kampung kling, masjid, mosque, melaka, minaret, tiles, photograph",
  """Photograph of the Kampung Kling Mosque in the old town of Melaka, founded in the eighteenth century by
  Indian Muslim traders and rebuilt in the nineteenth. The picture shows the tiered roof, the pagoda-like
  minaret and glazed tiles on the interior walls and floor."""),
I(A, "i", "Masjid Ubudiah, Kuala Kangsar",
  "Masjid Ubudiah, Kuala Kangsar",
  "Kuala Kangsar, Perak, Malaysia", "1930s", 1930, 1939, PHOTO, PD,
  "masjid ubudiah, masjid, mosque, kuala kangsar, perak, dome, photograph",
  """Black-and-white photograph of the Masjid Ubudiah in Kuala Kangsar, the royal mosque of Perak, completed
  in 1917, with its large onion dome and four slender minarets. The mosque's design belongs to the
  Indo-Saracenic style favoured for official buildings in British Malaya."""),
I(A, "i", "Masjid Jamek at the confluence of the Klang and Gombak rivers",
  "Masjid Jamek di pertemuan Sungai Klang dan Sungai Gombak",
  "Kuala Lumpur, Malaysia", "1920s", 1920, 1929, PHOTO, PD,
  "masjid jamek, masjid, mosque, kuala lumpur, sungai klang, sungai gombak, photograph",
  """Black-and-white photograph of the Masjid Jamek in Kuala Lumpur, completed in 1909 on the point of land
  where the Gombak river joins the Klang river, the spot where the town began. The mosque has domes and
  minarets with striped red brick and white plaster bands. Palms stand on the riverbank."""),
I(A, "i", "Kapitan Keling Mosque, George Town",
  "Masjid Kapitan Keling, George Town",
  "George Town, Penang, Malaysia", "2000s", 2008, 2008, BUILT, CC,
  "masjid kapitan keling, masjid, mosque, george town, penang, indian muslim, photograph",
  """Photograph of the Kapitan Keling Mosque in George Town, founded by the Indian Muslim community in the
  early nineteenth century and enlarged in the early twentieth, with domes and a tall minaret. It stands on
  the street known as Jalan Masjid Kapitan Keling, where a Chinese temple, a Hindu temple and a church are
  also found within a short walk."""),
I(A, "i", "Cheng Hoon Teng temple, Melaka",
  "Tokong Cheng Hoon Teng, Melaka",
  "Melaka, Malaysia", "1990s", 1998, 1998, BUILT, CC,
  "cheng hoon teng, chinese temple, tokong, melaka, roof decoration, photograph",
  """Photograph of the Cheng Hoon Teng temple in Melaka, founded in the seventeenth century and regarded as
  the oldest functioning Chinese temple in Malaysia. The picture shows the curved roof ridges decorated with
  figures made from cut porcelain fragments, and the carved and lacquered timber of the entrance hall."""),
I(A, "i", "Sri Mahamariamman Temple gopuram, Kuala Lumpur",
  "Gopuram Kuil Sri Mahamariamman, Kuala Lumpur",
  "Kuala Lumpur, Malaysia", "2000s", 2004, 2004, BUILT, CC,
  "sri mahamariamman, hindu temple, kuil, gopuram, kuala lumpur, photograph",
  """Photograph of the gopuram, the tall tiered gateway tower covered with brightly painted sculptures of
  deities, of the Sri Mahamariamman Temple in Kuala Lumpur. The temple was founded in 1873 and is the oldest
  functioning Hindu temple in the city. Its silver chariot carries the image of Lord Murugan to Batu Caves at
  Thaipusam."""),

# ---- colonial and urban ----
I(A, "d", "Shophouses of George Town: a typology",
  "Rumah kedai George Town: satu tipologi",
  "George Town, Penang, Malaysia", "2000s", 2007, 2007, BUILT, CC,
  "shophouse, rumah kedai, five-foot way, kaki lima, george town, penang, unesco, conservation, document",
  """A study prepared for conservation planning in George Town, classifying its shophouses by style and
  period. The shophouse is a narrow, deep building of two or three storeys, with a shop or workshop on the
  ground floor and living quarters above, built in terraces along the street. The front of each ground floor
  is set back behind a covered public walkway, the five-foot way (kaki lima), which shelters pedestrians from
  sun and rain. Inside, one or more air wells bring light and ventilation into the long plan. The study
  describes a sequence of styles from plain early shophouses with simple windows and timber shutters,
  through Southern Chinese, early Straits Eclectic and late Straits Eclectic types rich in plaster ornament,
  coloured tiles and fanlights, to Art Deco and early modern fronts of the 1930s to 1960s. It explains how rent
  control kept many buildings occupied by the same families and trades for decades, and how its repeal in
  2000 led to changes in ownership and use. The study supported the nomination which led, in 2008, to the
  inscription of George Town together with Melaka as 'Melaka and George Town, Historic Cities of the Straits
  of Malacca' on the UNESCO World Heritage List. Appendices give elevations of typical fronts and a
  glossary."""),
I(A, "i", "Five-foot way with hanging signboards",
  "Kaki lima dengan papan tanda tergantung",
  "Ipoh, Perak, Malaysia", "1960s", 1960, 1969, PHOTO, PD,
  "shophouse, rumah kedai, five-foot way, kaki lima, ipoh, perak, street, photograph",
  """Black-and-white photograph looking along the five-foot way of a row of shophouses in Ipoh's old town,
  with signboards in Chinese and romanised Malay hanging from the beams, bicycles leaning on the pillars and
  goods stacked outside the shops."""),
I(A, "v", "Restoring a shophouse in Melaka",
  "Memulihara sebuah rumah kedai di Melaka",
  "Melaka, Malaysia", "2010s", 2011, 2012, BUILT, CC,
  "shophouse, rumah kedai, conservation, pemuliharaan, melaka, unesco, lime plaster, video",
  """Video documenting the restoration of a nineteenth-century shophouse in the heritage zone of Melaka.
  Craftsmen remove cement render and replace it with lime plaster, repair timber floors and roof trusses, and
  clean the old floor tiles. The architect explains why breathable lime is used on old brick walls and how the
  air well is reopened."""),
I(A, "i", "Sultan Abdul Samad Building, Kuala Lumpur",
  "Bangunan Sultan Abdul Samad, Kuala Lumpur",
  "Kuala Lumpur, Malaysia", "1900s", 1900, 1909, PHOTO, PD,
  "sultan abdul samad building, colonial architecture, kuala lumpur, dataran merdeka, clock tower, photograph",
  """Early twentieth-century photograph of the Sultan Abdul Samad Building, completed in 1897 to house
  government offices, seen across the open field (the Padang, now Dataran Merdeka). The building's copper
  domes, clock tower and horseshoe arches follow a style drawn from Mughal India and North Africa. A rickshaw
  waits on the road."""),
I(A, "i", "Kuala Lumpur Railway Station",
  "Stesen Keretapi Kuala Lumpur",
  "Kuala Lumpur, Malaysia", "1910s", 1911, 1919, PHOTO, PD,
  "kuala lumpur railway station, stesen keretapi, railway, colonial architecture, kuala lumpur, photograph",
  """Photograph of the Kuala Lumpur Railway Station, opened in 1910, with its white arcades, domes and
  minaret-like towers. A steam train stands under the platform roof."""),
I(A, "d", "Colonial public buildings of Kuala Lumpur: a guide",
  "Bangunan awam kolonial Kuala Lumpur: panduan",
  "Kuala Lumpur, Malaysia", "1990s", 1994, 1994, BUILT, CC,
  "colonial architecture, kuala lumpur, sultan abdul samad building, masjid jamek, railway station, dataran merdeka, document",
  """A walking guide to the public buildings of central Kuala Lumpur built between the 1890s and the 1930s,
  when the town became the capital of Selangor and then of the Federated Malay States. The guide explains
  that architects in the Public Works Department chose a style drawing on Mughal and Moorish buildings, often
  called Indo-Saracenic or neo-Moorish, for major government buildings, thinking it suitable for a Muslim
  state, while other buildings followed Tudor or classical models. Stops include the Sultan Abdul Samad
  Building facing the Padang, the former Selangor Club in mock-Tudor style on the other side of the field,
  St Mary's Church, the Masjid Jamek at the river confluence, and the Railway Station and railway
  administration building facing each other further south. For each building the guide gives the date,
  materials and current use, and it points out details such as the horseshoe arches, the use of red brick
  with white plaster bands, and the verandahs adapted to the climate. A map and historic photographs are
  included."""),
I(A, "i", "Stadthuys and Christ Church, Melaka",
  "Stadthuys dan Gereja Christ, Melaka",
  "Melaka, Malaysia", "1950s", 1950, 1959, PHOTO, PD,
  "stadthuys, christ church, dutch, melaka, red square, colonial architecture, photograph",
  """Photograph of the red-painted Stadthuys, built by the Dutch in the mid-seventeenth century as the
  governor's residence and administrative centre, and Christ Church, completed in 1753. The square between
  them, with its clock tower and fountain, is one of the best-known views of Melaka."""),
I(A, "i", "Porta de Santiago, the gate of A Famosa",
  "Porta de Santiago, pintu kota A Famosa",
  "Melaka, Malaysia", "1920s", 1920, 1929, PHOTO, PD,
  "a famosa, porta de santiago, portuguese, fortress, kota, melaka, photograph",
  """Photograph of the Porta de Santiago, the one surviving gate of A Famosa, the fortress built by the
  Portuguese after they captured Melaka in 1511. Most of the fortress was demolished by the British in the
  early nineteenth century. The gate bears a later Dutch inscription and coat of arms."""),
I(A, "i", "Ruins of St Paul's Church on St Paul's Hill",
  "Runtuhan Gereja St Paul di Bukit St Paul",
  "Melaka, Malaysia", "1970s", 1975, 1975, PHOTO, CC,
  "st paul's church, bukit st paul, portuguese, melaka, ruins, tombstones, photograph",
  """Photograph of the roofless ruins of St Paul's Church at the top of St Paul's Hill, first built by the
  Portuguese in the sixteenth century. Large Dutch tombstones stand against the inner walls. The body of
  Francis Xavier was briefly buried here in 1553 before being taken to Goa."""),
I(A, "i", "Fort Cornwallis walls and cannon",
  "Tembok dan meriam Kota Cornwallis",
  "George Town, Penang, Malaysia", "1990s", 1990, 1999, BUILT, CC,
  "fort cornwallis, kota cornwallis, penang, george town, cannon, meriam, colonial, photograph",
  """Photograph of the brick ramparts of Fort Cornwallis in George Town, the star-shaped fort built by the
  British East India Company at the point where it established its settlement on Penang in 1786. Old cannon
  stand on the walls facing the sea."""),
I(A, "v", "Clan jetties of George Town",
  "Jeti-jeti klan di George Town",
  "George Town, Penang, Malaysia", "2000s", 2009, 2009, BUILT, CC,
  "clan jetties, chew jetty, penang, george town, stilt houses, chinese community, video",
  """Video of the clan jetties of George Town, waterfront villages of timber houses on stilts along wooden
  walkways, each jetty traditionally settled by people of one Chinese clan surname. Residents talk about
  their grandparents' work as boatmen and porters at the harbour, show the small shrines at the jetty ends,
  and discuss living in a heritage site visited by tourists."""),
I(A, "i", "Khoo Kongsi clan house",
  "Rumah kongsi Khoo Kongsi",
  "George Town, Penang, Malaysia", "1980s", 1988, 1988, BUILT, CC,
  "khoo kongsi, clan house, kongsi, chinese community, george town, penang, photograph",
  """Photograph of the ornate clan temple of the Khoo Kongsi in George Town, home of an association of
  families sharing the Khoo surname. The present building dates from the early twentieth century, and its
  roof ridges, carved beams, gilded panels and stone carvings make it one of the most elaborate clan houses
  in Malaysia."""),
I(A, "i", "The blue mansion of Cheong Fatt Tze",
  "Rumah agam biru Cheong Fatt Tze",
  "George Town, Penang, Malaysia", "2000s", 2001, 2001, BUILT, CC,
  "cheong fatt tze mansion, blue mansion, courtyard house, george town, penang, conservation, photograph",
  """Photograph of the courtyard of the Cheong Fatt Tze mansion in George Town, a large Chinese courtyard
  house built around the turn of the twentieth century for a wealthy merchant and painted indigo blue. It was
  restored in the 1990s. The photograph shows timber screens, cast-iron balustrades and cut-glass work."""),
I(A, "d", "Notes on the Baba Nyonya townhouses of Heeren Street",
  "Catatan tentang rumah Baba Nyonya di Jalan Heeren",
  "Melaka, Malaysia", "1980s", 1987, 1987, BUILT, CC,
  "peranakan, baba nyonya, townhouse, heeren street, jalan tun tan cheng lock, melaka, document",
  """Notes and photographs on the long townhouses of Heeren Street (Jalan Tun Tan Cheng Lock) in Melaka,
  built by wealthy Peranakan families. The houses have richly carved and gilded screens, air wells, tiled
  floors and family altars, with carved doors facing the street."""),

# ---- Borneo ----
I(A, "d", "The Iban longhouse: plan and social life",
  "Rumah panjang Iban: pelan dan kehidupan sosial",
  "Sarawak, Malaysia", "1970s", 1974, 1974, BUILT, CC,
  "rumah panjang, longhouse, iban, ruai, bilik, tanju, sarawak, document",
  """A study of the longhouse (rumah panjang) of the Iban of Sarawak, based on a stay in a longhouse on a
  tributary of the Rajang river. The longhouse is in effect a village under one roof: a row of family
  apartments (bilik) built side by side on posts, each belonging to one household, joined by a long covered
  gallery (ruai) that runs the full length of the building and serves as a public street, workplace and
  meeting place. Beyond the ruai is an open platform (tanju) for drying rice, pepper and clothes, and above
  the bilik is a loft (sadau) for storing rice and heirlooms. Each family builds and maintains its own
  section, so the longhouse can grow or shrink as families join or leave. The study describes daily life on
  the ruai, where women weave and men repair tools, and where festivals such as Gawai are celebrated with
  guests moving from one family's section to the next. It also explains the role of the headman (tuai
  rumah) and the customary law (adat) that governs the community. Plans, sections and a genealogy of the
  households are attached."""),
I(A, "i", "Longhouse ruai during the day",
  "Ruai rumah panjang pada waktu siang",
  "Kapit, Sarawak, Malaysia", "1960s", 1965, 1965, PHOTO, PD,
  "rumah panjang, longhouse, ruai, iban, kapit, sarawak, photograph",
  """Photograph looking down the long ruai of an Iban longhouse, with mats spread on the floor, rice baskets
  hung from the rafters, a woman weaving at her loom and children playing further down the gallery."""),
I(A, "v", "Building a new longhouse",
  "Membina rumah panjang baharu",
  "Sri Aman, Sarawak, Malaysia", "2000s", 2006, 2007, BUILT, CC,
  "rumah panjang, longhouse, iban, construction, sarawak, video",
  """Video following the building of a new longhouse by an Iban community. Families contribute labour to the
  shared structure while each finishes its own bilik. The main posts are raised with a ceremony. The new
  longhouse uses concrete posts and zinc roofing but keeps the traditional plan."""),
I(A, "i", "Bajau water village on stilts",
  "Perkampungan air Bajau di atas tiang",
  "Semporna, Sabah, Malaysia", "1990s", 1997, 1997, BUILT, CC,
  "bajau, water village, kampung air, stilt houses, semporna, sabah, photograph",
  """Photograph of a water village near Semporna, with timber houses on stilts over the shallow sea, linked
  by plank walkways. Boats are tied up beneath the houses."""),

# ---- archaeology ----
I(A, "d", "Bujang Valley temple remains: site report summary",
  "Tapak candi Lembah Bujang: ringkasan laporan",
  "Lembah Bujang, Kedah, Malaysia", "1970s", 1976, 1976, BUILT, CC,
  "lembah bujang, bujang valley, candi, archaeology, arkeologi, kedah, hindu-buddhist, document",
  """Summary report on archaeological sites in the Bujang Valley of southern Kedah, where the remains of
  dozens of brick and stone temple structures (candi) have been found. The sites belong to the long period,
  from the first millennium CE into the early second, when the Kedah coast was a port of call on the trade
  routes between India, China and the islands, and Hindu and Buddhist religious buildings were raised there.
  The report describes the excavation and reconstruction of the temple at Bukit Batu Pahat, with its
  square base and stairway, and finds of pottery, beads, glass and ceramics from distant places. It notes
  that later discoveries at Sungai Batu have pushed the dates of iron-smelting and settlement in the area
  further back, and that interpretation of the sites remains under debate."""),
I(A, "i", "Reconstructed candi at Bukit Batu Pahat",
  "Candi yang dibina semula di Bukit Batu Pahat",
  "Merbok, Kedah, Malaysia", "1980s", 1982, 1982, BUILT, CC,
  "lembah bujang, bujang valley, candi, archaeology, arkeologi, kedah, photograph",
  """Photograph of the reconstructed temple base at Bukit Batu Pahat in the Bujang Valley, a square platform
  of granite and laterite blocks with a stair, set in forest at the foot of Gunung Jerai."""),

# ---- Southeast Asia comparative ----
I(A, "i", "Minangkabau rumah gadang with horned roofs",
  "Rumah gadang Minangkabau berbumbung gonjong",
  "West Sumatra, Indonesia", "1980s", 1985, 1985, SEA, CC,
  "rumah gadang, minangkabau, gonjong, west sumatra, indonesia, rumah tradisional, photograph",
  """Photograph of a Minangkabau great house (rumah gadang) in West Sumatra, with a roof rising into several
  sharp curved peaks (gonjong) and carved, painted wall panels. Rumah gadang are owned and inherited through
  the female line in the matrilineal Minangkabau society. The form is often compared with Negeri Sembilan
  houses, whose builders share Minangkabau ancestry."""),
I(A, "i", "Toraja tongkonan houses and rice barns",
  "Rumah tongkonan dan lumbung padi Toraja",
  "Tana Toraja, South Sulawesi, Indonesia", "1990s", 1992, 1992, SEA, CC,
  "tongkonan, toraja, sulawesi, indonesia, rumah tradisional, boat-shaped roof, photograph",
  """Photograph of a row of Toraja tongkonan, ancestral houses with saddle-shaped roofs sweeping up at both
  ends, facing a matching row of rice barns. The facades are carved and painted in red, black, white and
  yellow, and buffalo horns are stacked on the front post."""),
I(A, "d", "Angkor Wat: a visitor's guide from the 1960s",
  "Angkor Wat: panduan pelawat tahun 1960-an",
  "Siem Reap, Cambodia", "1960s", 1963, 1963, SEA, PD,
  "angkor wat, angkor, khmer, cambodia, temple, candi, bas-relief, document",
  """A printed guide for visitors to Angkor, with maps and photographs. It describes Angkor Wat, built in the
  first half of the twelfth century under King Suryavarman II and dedicated to Vishnu, with its five towers
  representing the peaks of Mount Meru, its moat and its galleries of bas-reliefs, including the Churning of
  the Ocean of Milk and scenes from the Ramayana and Mahabharata. The guide also covers Angkor Thom and the
  Bayon with its great stone faces."""),
I(A, "v", "Borobudur at dawn",
  "Borobudur pada waktu subuh",
  "Magelang, Central Java, Indonesia", "2010s", 2014, 2014, SEA, CC,
  "borobudur, candi, buddhist monument, java, indonesia, stupa, video",
  """Video of Borobudur, the ninth-century Buddhist monument in Central Java, at sunrise, moving up through its
  terraces of carved relief panels to the circular upper terraces with their perforated stupas. The
  narration explains how pilgrims walk the terraces clockwise."""),
I(A, "i", "Traditional houses of Luang Prabang",
  "Rumah tradisional di Luang Prabang",
  "Luang Prabang, Laos", "2000s", 2003, 2003, SEA, CC,
  "luang prabang, laos, wat, timber house, unesco, photograph",
  """Photograph of a street in Luang Prabang, Laos, where timber houses on posts stand beside colonial-era
  brick buildings and Buddhist monasteries. The town was inscribed on the UNESCO World Heritage List in 1995."""),
I(A, "i", "Kampong Ayer water village, Bandar Seri Begawan",
  "Kampong Ayer, Bandar Seri Begawan",
  "Bandar Seri Begawan, Brunei", "1950s", 1955, 1955, SEA, PD,
  "kampong ayer, kampung air, water village, brunei, stilt houses, photograph",
  """Black-and-white photograph of Kampong Ayer, the large water village on the Brunei river, with houses
  on stilts linked by walkways and water taxis moving between them."""),
]
