from common import *  # noqa

A = "crafts and textiles"
ITEMS = [
# ---- songket cluster ----
I(A, "i", "Kain songket from Terengganu with pucuk rebung border",
  "Kain songket Terengganu bermotif pucuk rebung",
  "Kuala Terengganu, Terengganu, Malaysia", "1960s", 1960, 1969, CRAFT, CC,
  "songket, kain songket, songket terengganu, pucuk rebung, benang emas, tenunan, textile",
  """Colour photograph of a Terengganu kain songket laid flat. The ground is deep maroon silk, and the gold
  thread motifs are arranged in the classic plan of a sarong-length cloth: a central panel (kepala kain)
  filled with rows of pucuk rebung, the bamboo-shoot triangles that are among the most common songket
  motifs, a body (badan kain) scattered with small flowers, and narrow borders at the edges. The weaving is
  dense and even, the gold thread still bright. The cloth was photographed in a weaver's house in Kuala
  Terengganu; her name is held in the accession file."""),
I(A, "v", "Weaving songket on a kek loom, Kuala Terengganu",
  "Menenun songket di atas kek, Kuala Terengganu",
  "Kuala Terengganu, Terengganu, Malaysia", "1980s", 1986, 1986, CRAFT, CC,
  "songket, songket terengganu, tenunan, weaving, kek, benang emas, loom, video",
  """Video, about thirty minutes, of a weaver at work on a traditional wooden Malay loom (kek) in a house on
  the outskirts of Kuala Terengganu. Songket is a brocade-like cloth in which gold or silver threads are
  floated over a ground of silk or cotton as an extra, supplementary weft. The recording shows how, before
  each pass of the gold thread, the weaver lifts selected groups of warp threads with thin sticks kept in the
  warp, so that the metallic thread lies on the surface only where the pattern needs it; she then beats the
  weft in with the reed frame and throws a plain ground weft before the next pattern row. Close-ups show the
  patterning sticks and how the design is 'stored' in them, so that a motif can be repeated along the cloth.
  In a later section the weaver's daughter winds silk onto bobbins and explains that a full sarong-length
  songket with a dense design may take several weeks or months of work. The narration, in Terengganu Malay
  with subtitles, also explains the terms for the parts of the cloth. The film gives a clear picture of
  household songket production before the spread of workshops and training centres."""),
I(A, "i", "Songket weaver in Kelantan, close-up of the gold weft",
  "Penenun songket Kelantan, gambar dekat benang emas",
  "Kota Bharu, Kelantan, Malaysia", "1970s", 1975, 1978, CRAFT, CC,
  "songket, songket kelantan, tenunan, benang emas, weaving, kelantan, photograph",
  """Close-up photograph taken over the shoulder of a songket weaver in a village outside Kota Bharu,
  showing the half-finished cloth on the loom, the gold thread wound on a small shuttle and the fine sticks
  that hold the pattern. Kelantan and Terengganu were the two main centres of songket weaving in the Malay
  Peninsula."""),
I(A, "i", "Kelantan songket sampin with bunga tabur",
  "Samping songket Kelantan bercorak bunga tabur",
  "Kelantan, Malaysia", "1950s", 1950, 1959, CRAFT, PD,
  "songket, songket kelantan, samping, sampin, bunga tabur, benang emas, textile",
  """Photograph of a man's samping woven in Kelantan, worn wrapped over trousers with baju Melayu on formal
  occasions. The green silk ground is scattered with small gold flowers (bunga tabur) and the ends carry a
  band of triangles."""),
I(A, "v", "Songket weaving in a Kelantan village",
  "Tenunan songket di sebuah kampung di Kelantan",
  "Kota Bharu, Kelantan, Malaysia", "2000s", 2004, 2004, CRAFT, EDU,
  "songket, songket kelantan, tenunan, weaving, kelantan, village, video",
  """Video visiting three generations of women weaving songket in a village near Kota Bharu: a grandmother
  who still weaves full gold cloths, her daughter, who weaves lighter pieces with scattered motifs for
  sale, and a granddaughter learning to set up the warp. They discuss the price of gold thread, demand for
  wedding cloths and competition from machine-made imitations."""),
I(A, "d", "Songket motifs and their names: a pattern book",
  "Motif songket dan namanya: buku corak",
  "Terengganu and Kelantan, Malaysia", "1990s", 1993, 1993, CRAFT, CC,
  "songket, motif songket, pucuk rebung, awan larat, tampuk manggis, bunga cengkih, pattern book, document",
  """A pattern book of about 60 pages documenting songket motifs collected from weavers in Terengganu and
  Kelantan. Each plate gives the motif's name, a drawing on squared paper showing the floats of gold thread,
  and a photograph of the motif in a finished cloth. The motifs are mostly drawn from plants and everyday
  objects, in keeping with the Malay tendency to avoid depicting living creatures directly: pucuk rebung
  (bamboo shoot), bunga tabur (scattered flowers), tampuk manggis (the calyx of the mangosteen), bunga
  cengkih (clove flower), awan larat (trailing clouds, a scrolling foliage pattern), bunga tanjung and
  geometric forms such as siku keluang. The introduction explains how motifs are combined in a cloth: a
  kepala kain with rows of pucuk rebung, a body either fully covered in gold (songket penuh) or scattered
  with small motifs (songket bunga tabur), and decorated borders. A note records the meanings some weavers
  attach to motifs, for example the bamboo shoot as a sign of growth and of a person who is useful at every
  stage of life, while warning that such readings vary from weaver to weaver. The book closes with a short
  glossary of weaving terms."""),
I(A, "a", "Oral history: a Terengganu songket weaver",
  "Sejarah lisan: penenun songket Terengganu",
  "Kuala Terengganu, Terengganu, Malaysia", "2000s", 2006, 2006, ORAL, EDU,
  "oral history, sejarah lisan, songket, songket terengganu, tenunan, women, interview",
  """Interview with a woman who has woven songket for more than forty years. She learned from her mother at
  the age of twelve, first winding thread, then weaving plain borders, and then the full patterns. She
  describes weaving for royal and wedding orders, how the cost of gold thread shapes what weavers can make,
  and her work teaching young weavers at a training centre. She also describes the wooden loom her father
  built for her, still in use. Seventy minutes with a summary in English."""),
I(A, "i", "Bride and groom in songket at a Terengganu wedding",
  "Pengantin berpakaian songket di majlis perkahwinan di Terengganu",
  "Kuala Terengganu, Terengganu, Malaysia", "1980s", 1982, 1982, FEST, CC,
  "songket, wedding, perkahwinan, pengantin, bersanding, pelamin, terengganu, photograph",
  """Photograph of a newly married couple seated on the dais (pelamin) during the bersanding ceremony. Both
  wear matching songket: the bride a baju kurung and kain, the groom a baju Melayu with a songket samping and
  tengkolok."""),
I(A, "d", "Survey of songket producers in Terengganu",
  "Tinjauan pengeluar songket di Terengganu",
  "Terengganu, Malaysia", "2010s", 2012, 2012, CRAFT, CC,
  "songket, songket terengganu, survey, craft industry, tenunan, document",
  """Report of a survey of some eighty songket weavers and workshops in Terengganu, recording their age,
  training, looms, output and income. Most weavers were women working at home for a workshop owner who
  supplied the silk and gold thread. The report discusses the shortage of young weavers and the market for
  cheaper, lighter songket."""),
I(A, "i", "Songket tengkolok folded in the Dendam Tak Sudah style",
  "Tengkolok songket lipatan Dendam Tak Sudah",
  "Malaysia", "2000s", 2005, 2005, CRAFT, CC,
  "tengkolok, tanjak, destar, songket, dendam tak sudah, headdress, royal",
  """Photograph of a tengkolok, the folded men's headcloth worn with formal Malay dress, made from a square
  of songket. It is folded in the style called Dendam Tak Sudah, the style associated with the royal
  headdress of the Yang di-Pertuan Agong. Many other named folds exist, such as Ayam Patah Kepak."""),
I(A, "d", "Songket: technique, history and use",
  "Songket: teknik, sejarah dan kegunaan",
  "Malaysia", "2000s", 2008, 2008, CRAFT, CC,
  "songket, kain songket, tenunan, benang emas, weaving, history, document",
  """An illustrated booklet for a general audience. The name songket is commonly traced to the Malay word
  sungkit, to hook or pick out, describing how the gold threads are inserted into the weave. Songket is
  woven in many parts of the Malay world, including Terengganu, Kelantan, Pahang, Sarawak and Brunei in
  Borneo and the Peninsula, and Palembang and the Minangkabau highlands in Sumatra. Traditionally it was
  reserved for royalty and the nobility, and some patterns and colours were restricted; later it became the
  formal cloth of weddings and festive dress across Malay society. The booklet explains the materials (silk or
  cotton ground, metallic thread imported or made locally), the loom, the division of a cloth into kepala,
  badan and kaki, and the difference between full-gold and scattered designs. It describes the main garments:
  the kain sarong for women, the samping for men, the selendang (shawl) and the tengkolok. A final section
  shows how weavers have adapted songket to modern uses, from handbags to panels framed as wall hangings."""),
I(A, "i", "Songket selendang with awan larat border",
  "Selendang songket bertepi awan larat",
  "Terengganu, Malaysia", "1990s", 1995, 1995, CRAFT, CC,
  "songket, selendang, awan larat, songket terengganu, textile, photograph",
  """Photograph of a long shawl (selendang) of pink silk with a border of gold awan larat, a flowing
  foliage design, and tassels at each end."""),

# ---- batik (Terengganu and general Malaysian; none from Kelantan) ----
I(A, "i", "Batik blok printing in a Terengganu workshop",
  "Batik blok di sebuah bengkel di Terengganu",
  "Chendering, Kuala Terengganu, Terengganu, Malaysia", "1970s", 1974, 1976, CRAFT, CC,
  "batik, batik blok, batik terengganu, block printing, terap, textile, photograph",
  """Black-and-white photograph of a worker stamping wax onto white cotton with a metal block in a batik
  workshop near Kuala Terengganu. The block, made of strips of copper soldered into a floral pattern and
  fitted with a handle, is dipped in molten wax on a heated pad and pressed onto the cloth in rows. Once the
  cloth is waxed it is dyed, and the waxed areas resist the colour."""),
I(A, "v", "Hand-drawn batik with the canting, Terengganu",
  "Batik canting dilukis dengan tangan, Terengganu",
  "Kuala Terengganu, Terengganu, Malaysia", "2000s", 2007, 2007, CRAFT, CC,
  "batik, batik canting, batik lukis, batik terengganu, canting, colet, wax resist, video",
  """Video showing the making of a hand-drawn batik sarong in a small Terengganu workshop. A pencil design
  of large hibiscus flowers and leaves is traced onto stretched fine cotton. The artist outlines the design
  with molten wax using a canting, a small copper reservoir with a fine spout on a bamboo handle. Dyes are
  then brushed within the wax outlines (the colet technique), giving the soft colour gradations typical of
  Malaysian hand-drawn batik. After a chemical fixing bath the cloth is waxed over and dyed for the
  background, then boiled to remove the wax. The whole process is filmed over three days."""),
I(A, "d", "Malaysian batik: techniques, motifs and identity",
  "Batik Malaysia: teknik, motif dan identiti",
  "Malaysia", "2000s", 2005, 2005, CRAFT, CC,
  "batik, batik malaysia, malaysian batik, batik canting, batik blok, motif, textile, document",
  """An essay on Malaysian batik and what distinguishes it from batik elsewhere in the region. The writer
  explains that batik making grew in the Malay Peninsula during the twentieth century, first with stamped
  block batik (batik blok or batik cap) for sarongs and later with hand-drawn batik using the canting and the
  brush, which became the basis of the modern Malaysian style. Malaysian batik is described as using larger,
  bolder motifs than Javanese batik, drawn mainly from flowers, leaves and geometric forms, with little use
  of human or animal figures; a bright palette with many colours; and a painterly technique in which dyes are
  brushed onto the cloth between wax lines, rather than built up only by repeated dipping. Common motifs
  include the hibiscus (bunga raya), the national flower, as well as orchids, ferns, leaves, spirals and
  waves. The essay describes the role of government agencies and competitions in promoting batik from the
  1970s onwards, its adoption for official and office wear, and the rise of designers making batik for the
  fashion market. A final section compares Malaysian, Indonesian and Singaporean batik, noting shared roots
  and argued-over origins, and suggests that the differences lie less in technique than in design
  preferences and uses."""),
I(A, "i", "Batik sarongs drying on lines",
  "Kain batik dijemur di ampaian",
  "Kuala Terengganu, Terengganu, Malaysia", "1980s", 1985, 1985, PHOTO, CC,
  "batik, batik terengganu, batik sarong, kain batik, workshop, photograph",
  """Colour photograph of rows of freshly dyed batik sarongs hanging on bamboo poles in the yard of a
  Terengganu batik workshop. The cloths show repeated floral blocks in red, blue and yellow."""),
I(A, "a", "Oral history: a batik block maker of Terengganu",
  "Sejarah lisan: pembuat blok batik Terengganu",
  "Kuala Terengganu, Terengganu, Malaysia", "1990s", 1998, 1998, ORAL, EDU,
  "oral history, sejarah lisan, batik, batik blok, batik terengganu, craftsman, interview",
  """Interview with a craftsman who made copper stamping blocks for batik workshops for most of his life.
  He explains how he bent and cut thin copper strips, soldered them into patterns and fixed them to a
  wooden or metal handle, and how orders changed when hand-drawn and screen-printed batik became popular.
  Fifty-five minutes."""),
I(A, "i", "Copper batik stamping blocks",
  "Blok tembaga untuk batik cap",
  "Terengganu, Malaysia", "2010s", 2011, 2011, CRAFT, CC,
  "batik, batik blok, batik cap, terap, copper, tool, terengganu, photograph",
  """Studio photograph of five copper batik stamping blocks from a Terengganu workshop, showing floral and
  geometric designs formed from bent metal strips on a lattice base."""),
I(A, "d", "Batik industry in Terengganu: a report",
  "Industri batik di Terengganu: laporan",
  "Terengganu, Malaysia", "1980s", 1988, 1988, CRAFT, CC,
  "batik, batik terengganu, craft industry, report, batik blok, batik skrin, document",
  """Typescript report on the batik industry of Terengganu in the late 1980s, listing workshops in and
  around Kuala Terengganu, the number of workers, the balance between block, hand-drawn and screen-printed
  batik, and the main markets. It notes the growth of hand-drawn batik for fashion and the supply of cheaper
  printed cloth."""),
I(A, "v", "Malaysian batik fashion show",
  "Pertunjukan fesyen batik Malaysia",
  "Kuala Lumpur, Malaysia", "2010s", 2014, 2014, CRAFT, EDU,
  "batik, batik malaysia, malaysian batik, fashion, kuala lumpur, video",
  """Recording of a runway show of garments made from Malaysian hand-drawn batik, including modern baju
  kurung, shirts and evening wear. Designers talk about working with batik artists on exclusive prints."""),
I(A, "i", "Men's batik shirts at a Kuala Lumpur reception",
  "Kemeja batik lelaki di sebuah majlis di Kuala Lumpur",
  "Kuala Lumpur, Malaysia", "1990s", 1993, 1993, PHOTO, CC,
  "batik, batik malaysia, batik shirt, kemeja batik, formal wear, kuala lumpur, photograph",
  """Photograph of men in long-sleeved Malaysian batik shirts at an official evening reception, where
  batik was accepted as formal wear in place of a jacket and tie."""),
I(A, "d", "Batik design competition entries",
  "Penyertaan pertandingan reka bentuk batik",
  "Malaysia", "2000s", 2009, 2009, CRAFT, CC,
  "batik, batik malaysia, design, competition, motif, document",
  """Catalogue of entries to a national batik design competition, each with a photograph of the
  cloth and the designer's statement on motifs, colours and technique. Many entries reinterpret local
  flowers, leaves and sea life in hand-drawn batik."""),
I(A, "i", "Batik canting tools",
  "Alat canting batik",
  "Terengganu, Malaysia", "2000s", 2003, 2003, CRAFT, CC,
  "batik, canting, batik canting, tool, wax resist, terengganu, photograph",
  """Photograph of canting tools of different spout sizes used for hand-drawn batik, with a small pot of wax
  heated over a stove."""),

# ---- keris cluster ----
I(A, "i", "Keris with a tajong hilt and wavy blade",
  "Keris berhulu tajong dan berbilah luk",
  "Terengganu, Malaysia", "19th century", 1800, 1899, CRAFT, PD,
  "keris, keris melayu, hulu tajong, luk, pamor, senjata, weapon, photograph",
  """Studio photograph of a nineteenth-century Malay keris from the east coast. The blade has seven
  waves (luk) and a faint pattern of pamor on its surface. The hilt is of the tajong type associated with
  Patani and the east coast of the Peninsula, carved in wood as a stylised, beaked figure. The sheath is of
  wood with a boat-shaped top (sampir)."""),
I(A, "i", "Keris with a jawa demam hilt",
  "Keris berhulu jawa demam",
  "Malaysia", "19th century", 1850, 1899, CRAFT, PD,
  "keris, keris melayu, hulu jawa demam, hilt, hulu keris, carving, photograph",
  """Photograph of a Peninsular Malay keris with a hilt of the type called jawa demam ('feverish Javanese'),
  carved as a hunched figure with folded arms, a form highly stylised so that the figure is barely
  recognisable. The hilt is of kemuning wood and the blade is straight."""),
I(A, "d", "Parts of the Malay keris: a glossary with drawings",
  "Bahagian keris Melayu: glosari bergambar",
  "Malaysia", "1980s", 1985, 1985, CRAFT, CC,
  "keris, keris melayu, bilah, hulu, sarung, pamor, ganja, glossary, document",
  """Illustrated glossary of the parts of the Malay keris. The blade (bilah) is asymmetrical, wider at the
  base where a separate piece, the ganja, sits across it; the blade may be straight or have an odd number of
  waves (luk). The hilt (hulu) is set on the tang, often with a metal cup or ring (pendokok) between hilt
  and blade. The sheath (sarung) consists of the wide upper part (sampir) and the long body (batang). Pamor
  is the pattern on the blade produced by forging together layers of different iron and nickel-bearing
  metal and revealing them by etching. The glossary gives Malay terms with English equivalents and drawings."""),
I(A, "d", "The keris in Malay society: symbol, weapon and heirloom",
  "Keris dalam masyarakat Melayu: lambang, senjata dan pusaka",
  "Malaysia", "1990s", 1996, 1996, CRAFT, CC,
  "keris, keris melayu, pusaka, royal regalia, pamor, heirloom, adat, document",
  """An essay on the place of the keris in Malay life. The keris is an asymmetrical dagger found throughout
  the Malay world and beyond, from Sumatra and Java to the Peninsula, Borneo, southern Thailand and the
  southern Philippines. Beyond its use as a weapon, the writer argues, it was a mark of manhood and status,
  part of formal dress, tucked into the waist sash, and an heirloom (pusaka) passed down through families
  and believed by some to have protective power. Royal regalia of the Malay states include keris, and
  Malaysia's royal regalia include a long and a short royal keris. The essay discusses the smith's craft:
  the forging of layered blades with pamor, the choosing of an auspicious form, and the rituals that could
  accompany a new blade. It tells how legendary blades appear in Malay literature, such as the Taming Sari
  keris associated with Hang Tuah in the Hikayat Hang Tuah, and notes the etiquette of wearing and
  presenting a keris, such as the position of the hilt when meeting a ruler. The essay also covers the many
  regional forms within Malaysia, from Peninsular keris with tajong or jawa demam hilts to Bugis-influenced
  keris, and ends with the keris as a symbol in modern national life, in logos and ceremonies."""),
I(A, "v", "Forging a keris blade",
  "Menempa bilah keris",
  "Kuala Kangsar, Perak, Malaysia", "2010s", 2013, 2013, CRAFT, CC,
  "keris, menempa keris, pandai keris, keris making, pamor, blacksmith, forge, video",
  """Video following a keris smith (pandai keris) as he forges a new blade. Layers of iron and nickel
  steel are stacked, heated in a charcoal forge and hammered, then folded and welded repeatedly to build
  up the layers that will later form the pamor. The blade is shaped with its waves, the ganja is forged
  separately, and the blade is filed and polished. Finally it is etched so that the light and dark layers
  show. The smith explains each step in Malay."""),
I(A, "i", "Keris blade showing pamor pattern",
  "Bilah keris menunjukkan corak pamor",
  "Malaysia", "18th century", 1700, 1799, CRAFT, PD,
  "keris, pamor, bilah, blade, keris melayu, photograph",
  """Close-up photograph of an old keris blade under raking light, showing a flowing, wood-grain-like pamor
  pattern in silvery lines against dark iron."""),
I(A, "d", "Register of keris in a private family collection",
  "Daftar keris dalam koleksi keluarga",
  "Perak, Malaysia", "early 20th century", 1900, 1930, MSS, PD,
  "keris, pusaka, register, family collection, jawi, perak, document",
  """A handwritten register in Jawi listing fourteen keris held by a Perak family, with the name or type of
  each blade, the number of waves, the hilt and sheath materials, and notes on which ancestor owned it.
  Photographs taken in the 1970s are filed with it."""),
I(A, "i", "Bugis-style keris with carved sheath",
  "Keris gaya Bugis dengan sarung berukir",
  "Selangor, Malaysia", "19th century", 1820, 1890, CRAFT, PD,
  "keris, keris bugis, sarung keris, sampir, selangor, photograph",
  """Photograph of a keris in Bugis style from Selangor, where Bugis settlers and their rulers left a
  strong mark. The sheath top is broad and boat-shaped, finely grained, and the hilt is of ivory-coloured
  material."""),
I(A, "d", "Keris in Malay manuscripts and hikayat: extracts",
  "Keris dalam manuskrip dan hikayat Melayu: petikan",
  "Malaysia", "1970s", 1977, 1977, MSS, CC,
  "keris, hikayat, sejarah melayu, hikayat hang tuah, taming sari, literature, document",
  """A compilation of passages from classical Malay texts in which the keris plays a part: the duel
  between Hang Tuah and Hang Jebat in the Hikayat Hang Tuah, scenes of royal gift-giving and oaths from the
  Sejarah Melayu, and descriptions of keris worn at court. Each extract is transliterated from Jawi and
  given with an English summary."""),
I(A, "a", "Oral history: a keris smith on his craft",
  "Sejarah lisan: pandai keris tentang kemahirannya",
  "Perak, Malaysia", "2000s", 2007, 2007, ORAL, EDU,
  "oral history, sejarah lisan, keris, pandai keris, keris making, interview",
  """Interview with a keris maker who learned the craft in his forties from an older smith. He explains
  choosing metals, the number of folds in a blade, the meanings people attach to waves and pamor, and the
  demand from collectors and for weddings. He also discusses the difficulty of earning a living from the
  craft."""),
I(A, "i", "Man in formal dress wearing a keris",
  "Lelaki berpakaian rasmi memakai keris",
  "Johor, Malaysia", "1930s", 1930, 1939, PHOTO, PD,
  "keris, formal dress, baju melayu, samping, portrait, johor, photograph",
  """Studio portrait of a Malay gentleman in baju Melayu with a songket samping, a keris tucked into his
  waist with the hilt turned inwards. He wears a songkok and a wristwatch."""),

# ---- tekat and other embroidery ----
I(A, "i", "Tekat timbul pillow end with gold thread",
  "Muka bantal tekat timbul benang emas",
  "Kuala Kangsar, Perak, Malaysia", "early 20th century", 1900, 1930, CRAFT, PD,
  "tekat, tekat timbul, tekat benang emas, sulaman, embroidery, bantal, perak",
  """Photograph of a square pillow end of red velvet decorated with tekat timbul, a raised gold-thread
  embroidery. The gold thread is laid over cut shapes of card and couched down so the motifs stand up from
  the velvet. The design is a central flower surrounded by leaves and a border of small triangles."""),
I(A, "v", "Tekat embroidery workshop in Perak",
  "Bengkel tekat di Perak",
  "Kuala Kangsar, Perak, Malaysia", "2010s", 2016, 2016, CRAFT, CC,
  "tekat, tekat timbul, sulaman, embroidery, perak, wedding, video",
  """Video of women making tekat in a Perak workshop: cutting card templates, stretching velvet on a frame
  (pemidang), laying the gold thread over the templates and stitching it down. The finished pieces are used
  for wedding cushions, covers for betel trays and the decoration of the bridal dais."""),
I(A, "d", "Tekat of Perak: a study",
  "Tekat Perak: satu kajian",
  "Perak, Malaysia", "2000s", 2002, 2002, CRAFT, CC,
  "tekat, tekat timbul, tekat perak, sulaman, embroidery, wedding, adat, document",
  """A study of tekat, the gold-thread embroidery on velvet for which Perak is especially known. The author
  explains that tekat pieces were made for ceremonial furnishings rather than clothing: the cushions and
  bolsters of the bridal dais, covers for betel boxes and food, hangings, fans and the ends of bolsters.
  The characteristic technique, tekat timbul, builds raised motifs by laying gold thread back and forth over
  a padding of cut shapes and fixing it with small stitches from below, a method requiring even tension and
  patience. Motifs are mostly plants and flowers: the tampuk manggis, bunga cengkih, leaves and tendrils.
  Colours of velvet were chosen by occasion, with red, green and purple common. The study records interviews
  with embroiderers in Kuala Kangsar, describes the frames and tools, and lists a vocabulary of stitch and
  motif names. It discusses how tekat was traditionally learned by girls at home and how demand today comes
  from wedding planners, state craft bodies and collectors. Photographs compare old pieces with new work."""),
I(A, "i", "Keringkam embroidered head veil, Sarawak",
  "Selendang keringkam bersulam, Sarawak",
  "Kuching, Sarawak, Malaysia", "1950s", 1950, 1959, CRAFT, CC,
  "keringkam, sulaman, embroidery, selendang, sarawak, malay, kuching",
  """Photograph of a keringkam, a fine veil or shawl of sheer fabric embroidered with flat gold thread in
  small repeated flowers, worn by Sarawak Malay women on formal occasions."""),
]
