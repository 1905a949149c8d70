from common import *  # noqa

A = "crafts and textiles"
ITEMS = [
# ---- mengkuang / pandan weaving ----
I(A, "v", "Preparing mengkuang leaves for weaving",
  "Menyediakan daun mengkuang untuk dianyam",
  "Besut, Terengganu, Malaysia", "1990s", 1994, 1994, CRAFT, CC,
  "mengkuang, anyaman, anyaman mengkuang, pandanus, weaving, tikar, terengganu, video",
  """Video of women in a Besut village preparing mengkuang (a large wild pandanus) for mat-making. The long
  leaves are cut, their spiny edges and midribs removed, and then split into even strips by drawing them
  through a small tool fitted with blades. The strips are boiled or soaked to soften and bleach them, dried
  in the sun, and some are dyed red, green or purple. The last part of the video shows the start of a mat
  woven in a diagonal plaiting pattern on the floor of a verandah."""),
I(A, "i", "Mengkuang mat with coloured pattern",
  "Tikar mengkuang berwarna",
  "Terengganu, Malaysia", "1970s", 1970, 1979, CRAFT, CC,
  "mengkuang, tikar mengkuang, anyaman, mat, weaving, terengganu, photograph",
  """Photograph of a large sleeping mat of plaited mengkuang with bands of dyed strips forming diamonds and
  zigzags. Mats like this were used for sleeping, sitting and prayer, and were spread for guests at
  feasts."""),
I(A, "i", "Tudung saji food covers",
  "Tudung saji anyaman mengkuang",
  "Kuala Terengganu, Terengganu, Malaysia", "2000s", 2008, 2008, CRAFT, CC,
  "tudung saji, mengkuang, anyaman, food cover, weaving, terengganu, photograph",
  """Photograph of a stall selling brightly coloured tudung saji, the conical woven covers placed over
  dishes of food to keep off flies, stacked one inside another in graduated sizes."""),
I(A, "d", "Mat and basket weaving in the Malay Peninsula",
  "Anyaman tikar dan bakul di Semenanjung Tanah Melayu",
  "Malaysia", "1960s", 1966, 1966, CRAFT, PD,
  "anyaman, mengkuang, pandan, tikar, bakul, weaving, basketry, document",
  """A survey of plaiting in the Malay Peninsula, based on visits to villages in several states. The author
  distinguishes the coarse but strong mengkuang, used for everyday mats, baskets and food covers, from the
  finer pandan, which gives softer, thinner strips for prayer mats, small boxes and decorative work. The
  survey describes the preparation of leaves, the plaiting techniques used, the naming of patterns after
  plants, animals and objects, and the social side of the work, which was done mainly by women, often in
  groups, and taught from mother to daughter. A section lists the objects made: sleeping and prayer mats,
  rice baskets, small pouches for tobacco and betel, boxes, fans and covers. It warns that plastic goods
  were already replacing many of them. Line drawings of plaiting patterns accompany the text."""),
I(A, "a", "Oral history: a mat weaver from Terengganu",
  "Sejarah lisan: penganyam tikar dari Terengganu",
  "Terengganu, Malaysia", "2000s", 2005, 2005, ORAL, EDU,
  "oral history, sejarah lisan, mengkuang, pandan, anyaman, tikar, women, interview",
  """Interview with an elderly woman who wove mats from mengkuang and pandan to supplement her family's
  income. She describes collecting leaves from the swampy edges of rice fields, the days of preparation,
  and the patterns she learned from her grandmother, and she names several of them."""),

# ---- labu sayong (no videos) ----
I(A, "i", "Labu sayong water pitchers",
  "Labu sayong",
  "Kuala Kangsar, Perak, Malaysia", "1980s", 1983, 1983, CRAFT, CC,
  "labu sayong, tembikar, pottery, perak, kuala kangsar, water pitcher, photograph",
  """Photograph of a group of labu sayong, the black, gourd-shaped clay water pitchers made in Kampung
  Sayong near Kuala Kangsar. Each has a round body, a tall narrow neck and a fine incised pattern. The
  porous clay keeps the water inside cool."""),
I(A, "d", "Labu sayong: clay, form and firing",
  "Labu sayong: tanah liat, bentuk dan pembakaran",
  "Kuala Kangsar, Perak, Malaysia", "1990s", 1997, 1997, CRAFT, CC,
  "labu sayong, tembikar, pottery, perak, firing, rice husk, craft, document",
  """A study of the pottery of Kampung Sayong, on the Perak river near Kuala Kangsar. The potters use local
  clay, cleaned and mixed with fine sand, and shape the labu, the characteristic gourd-shaped water vessel,
  by hand, traditionally building up the body and neck and smoothing them with paddles and cloths. Before
  firing, the surface is burnished and decorated with incised or stamped motifs of flowers, leaves and
  geometric bands. After firing, the still-hot pots are buried in rice husk, which blackens the surface and
  gives the glossy black colour for which labu sayong is known. The vessel's porous body lets a little water
  seep out and evaporate, which cools the water inside, and old households kept a labu by the door or in the
  kitchen for drinking water. The study describes the other shapes made by Sayong potters (bowls, incense
  burners, flower vases), the families who carry on the work, and the shift from everyday vessels to
  decorative and souvenir pieces. It also compares Sayong ware briefly with the Chinese-influenced earthenware made in Sarawak."""),
I(A, "i", "Potter burnishing a labu before firing",
  "Tukang tembikar menggilap labu sebelum dibakar",
  "Kuala Kangsar, Perak, Malaysia", "2000s", 2006, 2006, CRAFT, CC,
  "labu sayong, tembikar, pottery, potter, perak, photograph",
  """Photograph of a potter in Kampung Sayong rubbing the surface of a leather-hard labu with a smooth
  pebble to give it a sheen, with decorated pots drying on shelves behind her."""),
I(A, "a", "Oral history: a Sayong potter",
  "Sejarah lisan: tukang tembikar Sayong",
  "Kuala Kangsar, Perak, Malaysia", "2010s", 2011, 2011, ORAL, EDU,
  "oral history, sejarah lisan, labu sayong, tembikar, pottery, perak, interview",
  """Interview with a potter from Kampung Sayong who learned from her mother. She describes where the clay is
  dug, how it is prepared, how the pots are blackened after firing, and how tourist demand has changed the
  shapes and sizes that potters make."""),

# ---- wood carving ----
I(A, "i", "Carved door panel with awan larat",
  "Panel pintu berukir awan larat",
  "Besut, Terengganu, Malaysia", "early 20th century", 1900, 1930, BUILT, PD,
  "ukiran kayu, wood carving, awan larat, panel, terengganu, kayu cengal, photograph",
  """Photograph of a carved wooden door panel from an old house in Besut, Terengganu, decorated with
  awan larat, continuous scrolling foliage whose tendrils spread across the whole panel without a break.
  The carving is in relief on hard cengal wood."""),
I(A, "v", "A woodcarver at work in Terengganu",
  "Tukang ukir kayu sedang bekerja di Terengganu",
  "Besut, Terengganu, Malaysia", "2000s", 2008, 2008, CRAFT, CC,
  "ukiran kayu, wood carving, tukang ukir, terengganu, tebuk tembus, chisel, video",
  """Video of a master woodcarver in Besut making a pierced ventilation panel for a new house. He draws the
  design of flowers and leaves onto the board, drills holes, cuts away the background with a fine saw so
  the design stands free (tebuk tembus), and then models each leaf with chisels of different profiles. He
  explains that carvers begin by learning to sharpen tools."""),
I(A, "d", "Malay woodcarving: motifs, techniques and meaning",
  "Ukiran kayu Melayu: motif, teknik dan makna",
  "Terengganu and Kelantan, Malaysia", "1990s", 1991, 1991, CRAFT, CC,
  "ukiran kayu, wood carving, awan larat, tebuk tembus, motif, architecture, document",
  """A detailed study of Malay woodcarving, focused on the east coast states of Terengganu and Kelantan,
  where the craft reached a high level in houses, palaces, mosques and boats. The author classifies the
  techniques: pierced carving (tebuk tembus), in which the background is cut away so that the design is
  seen against the light; half-pierced or relief carving (tebuk separuh, timbul), in which the design is
  raised from a solid ground; and incised work. Most motifs are from plants: the awan larat pattern of
  continuous spiralling tendrils, flowers, leaves, buds and fruit. Geometric patterns and Arabic
  calligraphy appear especially in religious buildings, while direct images of humans and animals are
  largely avoided; where animals appear they are stylised or disguised in foliage. The study explains
  principles that carvers cite, such as a design that 'grows' from a single root, tendrils that do not cross
  each other, and a balance between carved and empty space. It documents where carving appears in a house:
  door and window panels, ventilation panels above doors and walls, gable boards, the fascia boards along
  the eaves, staircase railings and the brackets under roofs. Timbers are discussed, with cengal preferred
  for buildings because of its durability. The final chapter notes the decline of carving in new houses and
  the efforts of craft bodies to train young carvers."""),
I(A, "i", "Carved eave boards on a Kelantan house",
  "Papan cantik berukir pada rumah Kelantan",
  "Kota Bharu, Kelantan, Malaysia", "1960s", 1963, 1967, BUILT, PD,
  "ukiran kayu, wood carving, rumah tradisional, eaves, kelantan, photograph",
  """Photograph of a row of carved boards hanging from the eaves of a traditional timber house near Kota
  Bharu, with a repeated pointed pattern that casts a lacy shadow on the wall."""),
I(A, "i", "Mah Meri spirit carving",
  "Ukiran moyang Mah Meri",
  "Pulau Carey, Selangor, Malaysia", "2000s", 2007, 2007, CRAFT, CC,
  "mah meri, orang asli, ukiran, wood carving, moyang, pulau carey, selangor, photograph",
  """Photograph of a wooden sculpture by a Mah Meri carver of Carey Island (Pulau Carey), Selangor. The Mah
  Meri, an Orang Asli people, carve figures representing spirits (moyang) from stories and dreams, as well
  as masks used in their dances. This figure is carved from a single block of dense dark wood."""),
I(A, "v", "Mah Meri mask dance on Ancestors' Day",
  "Tarian topeng Mah Meri pada Hari Moyang",
  "Pulau Carey, Selangor, Malaysia", "2010s", 2015, 2015, FEST, EDU,
  "mah meri, orang asli, hari moyang, mask, topeng, dance, pulau carey, selangor, video",
  """Video of Mah Meri dancers in carved wooden masks and skirts of shredded leaves dancing around a
  decorated structure during the Hari Moyang (Ancestors' Day) celebrations on Carey Island, when the
  community honours the ancestors and spirits. Musicians play a drum, gong and violin."""),

# ---- silverwork, brass ----
I(A, "i", "Kelantan silver betel box with repoussé flowers",
  "Tepak sirih perak Kelantan berhias bunga timbul",
  "Kota Bharu, Kelantan, Malaysia", "early 20th century", 1900, 1935, CRAFT, PD,
  "perak, silverwork, kerja perak, tepak sirih, repousse, kelantan, photograph",
  """Photograph of a silver betel box from Kelantan, decorated in repoussé, with flowers and leaves
  hammered up from the inside and finished with chasing. Kelantan silversmiths were known for such work and
  for filigree."""),
I(A, "v", "Silversmith in Kampung Sireh, Kota Bharu",
  "Tukang perak di Kampung Sireh, Kota Bharu",
  "Kota Bharu, Kelantan, Malaysia", "1990s", 1996, 1996, CRAFT, EDU,
  "silverwork, kerja perak, tukang perak, filigree, repousse, kelantan, video",
  """Video of a silversmith's workshop in Kampung Sireh, Kota Bharu. The smith hammers a bowl from a silver
  sheet set on a bed of resin, chases the outlines of flowers, and shows apprentices making filigree
  brooches from twisted silver wire."""),
I(A, "i", "Silver pending buckle",
  "Pending perak",
  "Malaysia", "19th century", 1850, 1899, CRAFT, PD,
  "pending, silverwork, kerja perak, buckle, jewellery, barang kemas, photograph",
  """Photograph of a pending, the large oval buckle worn at the waist with formal Malay dress, made of silver
  with a chased floral pattern radiating from a central boss."""),
I(A, "i", "Brassware from Kampung Ladang",
  "Barangan tembaga dari Kampung Ladang",
  "Kuala Terengganu, Terengganu, Malaysia", "1970s", 1978, 1978, CRAFT, CC,
  "brass, tembaga, brassware, lost wax, terengganu, photograph",
  """Photograph of brass bowls, trays and kettles made by brass casters in Kampung Ladang, Kuala
  Terengganu, cast using the lost-wax method and polished to a golden sheen."""),
I(A, "d", "Brass casting in Terengganu",
  "Tuangan tembaga di Terengganu",
  "Kuala Terengganu, Terengganu, Malaysia", "1980s", 1984, 1984, CRAFT, CC,
  "brass, tembaga, brassware, lost wax, casting, terengganu, document",
  """Report on the brass-casting workshops of Kuala Terengganu, which make household and ceremonial vessels
  by the lost-wax method. A model is made in wax over a clay core, covered with clay, and heated so the wax
  runs out; molten brass is then poured into the space. Each mould is broken to remove the casting, so each
  piece is unique. The report describes the furnaces, the products and the workers' training."""),

# ---- wau ----
I(A, "i", "Wau bulan decorated with cut-paper flowers",
  "Wau bulan berhias kertas tebuk",
  "Kota Bharu, Kelantan, Malaysia", "1980s", 1987, 1987, CRAFT, CC,
  "wau, wau bulan, layang-layang, kite, moon kite, kelantan, photograph",
  """Photograph of a wau bulan, the Kelantan kite whose lower part is shaped like a crescent moon. The frame
  of thin split bamboo is covered with paper, and layers of finely cut coloured paper in floral patterns
  are pasted over it. A bow at the top will hum in the wind."""),
I(A, "v", "Kite flying after the harvest, Kelantan",
  "Bermain wau selepas menuai, Kelantan",
  "Bachok, Kelantan, Malaysia", "1970s", 1976, 1976, FEST, CC,
  "wau, wau bulan, layang-layang, kite flying, harvest, kelantan, video",
  """Film footage of villagers flying wau over harvested rice fields, the season when fields are open and
  the monsoon has passed. Large wau are launched by two people and kept aloft for hours, the humming bows
  audible. Men compare the height and steadiness of their kites."""),
I(A, "d", "The Malay kite: types, making and competition",
  "Wau Melayu: jenis, pembuatan dan pertandingan",
  "Kelantan and Terengganu, Malaysia", "2000s", 2003, 2003, CRAFT, CC,
  "wau, wau bulan, wau kucing, layang-layang, kite, busur, kite making, document",
  """An illustrated guide to the traditional kites of the east coast. The wau is a large kite with a
  bamboo frame; its names describe its shape: wau bulan (moon), with a crescent-shaped tail section; wau
  kucing (cat); wau merak (peacock); wau jala budi, and others. The frame is made from split and carefully
  scraped bamboo, balanced so the kite flies steadily, and tied with thread. The covering is paper, on
  which the maker pastes layers of coloured paper cut into intricate floral designs, often in the awan larat
  style used in woodcarving. A bow (busur) of bamboo and a thin ribbon of rattan or tape fixed to the kite's
  head vibrates in the wind to make a humming sound. The guide describes the making process step by step,
  the tools, and the criteria used in competitions: height, beauty, sound and stability in the air. It
  recalls that kite flying was a pastime after the rice harvest and that the wau bulan became a national
  symbol, appearing on the emblem of the national airline."""),
I(A, "i", "Kite maker cutting paper layers",
  "Pembuat wau memotong lapisan kertas",
  "Kota Bharu, Kelantan, Malaysia", "2010s", 2012, 2012, CRAFT, CC,
  "wau, kite making, pembuat wau, paper cutting, kelantan, photograph",
  """Photograph of a kite maker bent over a table cutting a floral design from folded coloured paper with a
  small blade, surrounded by finished kite frames."""),

# ---- gasing ----
I(A, "v", "Gasing uri spinning competition",
  "Pertandingan gasing uri",
  "Kota Bharu, Kelantan, Malaysia", "1990s", 1993, 1993, FEST, EDU,
  "gasing, gasing uri, spinning top, traditional game, permainan tradisional, kelantan, video",
  """Video of a gasing competition in Kelantan. In gasing uri the aim is to keep a top spinning as long as
  possible: players launch heavy discus-shaped tops with a long rope, then scoop them up while spinning
  with a flat wooden paddle and place them on a low stand, where judges time them. The longest-spinning top
  wins; good tops spin for well over an hour."""),
I(A, "i", "Gasing tops with metal rims",
  "Gasing berbingkai logam",
  "Kelantan, Malaysia", "1980s", 1981, 1981, CRAFT, CC,
  "gasing, spinning top, permainan tradisional, traditional game, kelantan, photograph",
  """Photograph of three large hardwood spinning tops, flat and disc-shaped, each with a metal rim that
  adds weight and helps it spin longer. Coiled ropes lie beside them."""),
I(A, "d", "Gasing: striking and spinning games",
  "Gasing: permainan pangkah dan uri",
  "Malaysia", "1990s", 1999, 1999, CRAFT, CC,
  "gasing, gasing pangkah, gasing uri, spinning top, traditional game, permainan tradisional, document",
  """Short essay describing the two main ways of playing gasing: gasing pangkah, a striking game in which
  one player throws his top to knock another player's spinning top out, and gasing uri, a test of spinning
  time. It discusses the woods used, the shapes of tops in different states and the season of play after
  the harvest."""),

# ---- other textiles ----
I(A, "i", "Tenun Pahang Diraja in a checked pattern",
  "Tenun Pahang Diraja bercorak petak",
  "Pekan, Pahang, Malaysia", "2000s", 2004, 2004, CRAFT, CC,
  "tenun pahang, tenun pahang diraja, tenunan, silk, weaving, pahang, photograph",
  """Photograph of a length of tenun Pahang Diraja, the woven silk of Pahang, in a checked pattern of
  purple, gold and green. The tradition is centred around Pekan and is associated with weavers of Bugis
  origin."""),
I(A, "v", "Weaving tenun Pahang at Pulau Keladi",
  "Menenun tenun Pahang di Pulau Keladi",
  "Pekan, Pahang, Malaysia", "2010s", 2015, 2015, CRAFT, CC,
  "tenun pahang, tenunan, weaving, silk, pekan, pahang, video",
  """Video of women weaving silk tenun on wooden looms at a weaving centre near Pekan. The checks and
  stripes are built up with coloured warp and weft threads; some pieces add gold thread in songket
  fashion."""),
I(A, "i", "Pua kumbu with spirit figures",
  "Pua kumbu bermotif roh",
  "Kapit, Sarawak, Malaysia", "early 20th century", 1900, 1940, CRAFT, PD,
  "pua kumbu, pua, iban, ikat, warp ikat, tenunan, sarawak, textile",
  """Photograph of an Iban pua kumbu, a ceremonial cloth woven in warp ikat, in rust red, dark brown and
  cream. Stylised human-like figures and hooked, branching forms fill the field in mirrored rows."""),
I(A, "d", "Pua kumbu: weaving, dyeing and ritual among the Iban",
  "Pua kumbu: tenunan, pewarnaan dan ritual masyarakat Iban",
  "Sarawak, Malaysia", "1980s", 1988, 1988, CRAFT, CC,
  "pua kumbu, pua, iban, ikat, warp ikat, ngar, engkudu, ritual, sarawak, document",
  """A study of the pua kumbu of the Iban of Sarawak. Pua kumbu are cloths woven on a backstrap loom using
  the warp ikat technique: before weaving, bundles of warp threads are tightly tied according to the design
  so that those parts resist the dye; the threads are dyed, retied and dyed again to build up the pattern,
  which appears when the cloth is woven. Traditional colours come from plant dyes, the deep red-brown from
  the roots of the engkudu tree and blue-black from indigo. The preparation of the threads with a mordant
  bath, called ngar, was a dangerous and ritually charged task that only experienced women undertook, and
  is likened in Iban thought to men's warfare. Designs carry names and are believed to hold power; the most
  potent could only be woven by a master weaver, sometimes guided by dreams. Pua kumbu are used to screen
  and dignify ritual spaces, to wrap and receive sacred objects, to welcome guests and at rites of passage,
  including the Gawai festivals. The study documents the weaving process in a longhouse over several months,
  records design names and their stories, and notes the prestige of skilled weavers within the community."""),
I(A, "v", "Tying ikat threads for a pua kumbu",
  "Mengikat benang untuk pua kumbu",
  "Betong, Sarawak, Malaysia", "2000s", 2009, 2009, CRAFT, CC,
  "pua kumbu, iban, ikat, warp ikat, tenunan, longhouse, sarawak, video",
  """Video of an Iban weaver on the verandah of a longhouse tying the stretched warp threads with plastic
  string according to a design she carries in her memory. She then dyes the threads and shows the first
  rows of a new pua kumbu on her backstrap loom."""),
I(A, "i", "Orang Ulu beaded baby carrier",
  "Pengendong bayi bermanik Orang Ulu",
  "Belaga, Sarawak, Malaysia", "1960s", 1965, 1969, CRAFT, PD,
  "beadwork, manik, orang ulu, kayan, kenyah, baby carrier, sarawak, photograph",
  """Photograph of a wooden baby carrier covered in a panel of tiny glass beads in an Orang Ulu design of
  curling motifs and a face-like figure. Beaded carriers were treasured and protective objects."""),
I(A, "i", "Rungus beaded necklaces and sashes",
  "Rantai dan selempang manik Rungus",
  "Kudat, Sabah, Malaysia", "1990s", 1992, 1992, CRAFT, CC,
  "beadwork, manik, rungus, sabah, kudat, pinakol, photograph",
  """Photograph of Rungus women in Kudat wearing beaded sashes crossed over the chest (pinakol) with
  patterned bands and figures, and strings of beads at the neck."""),
I(A, "i", "Nyonya kebaya with embroidery and kerosang",
  "Kebaya Nyonya bersulam dan kerosang",
  "Melaka, Malaysia", "1950s", 1952, 1958, CRAFT, PD,
  "kebaya nyonya, kebaya, sulam, kerosang, peranakan, nyonya, melaka, photograph",
  """Photograph of a Nyonya kebaya of sheer white voile with fine embroidery (sulam) of flowers and
  butterflies at the hem and front. It is fastened with a set of three linked brooches (kerosang) and worn
  with a sarong."""),
I(A, "i", "Kasut manek beaded slippers",
  "Kasut manek",
  "Melaka, Malaysia", "1930s", 1930, 1939, CRAFT, PD,
  "kasut manek, beadwork, manik, peranakan, nyonya, slippers, melaka, photograph",
  """Photograph of a pair of Peranakan beaded slippers, their uppers worked in minute faceted glass beads in
  a pattern of roses and leaves. Nyonya girls learned to bead slippers as part of their domestic training."""),
I(A, "v", "Embroidering a kebaya Nyonya",
  "Menyulam kebaya Nyonya",
  "Melaka, Malaysia", "2010s", 2013, 2013, CRAFT, CC,
  "kebaya nyonya, sulam, embroidery, peranakan, nyonya, melaka, video",
  """Video of a tailor in Melaka embroidering a kebaya Nyonya with a treadle sewing machine, guiding the
  cloth freehand to make open-work flowers. She explains the cut of the kebaya and the choice of colours."""),
I(A, "i", "Baju Melayu with teluk belanga and cekak musang collars",
  "Baju Melayu teluk belanga dan cekak musang",
  "Malaysia", "1990s", 1995, 1995, CRAFT, CC,
  "baju melayu, teluk belanga, cekak musang, formal dress, pakaian tradisional, photograph",
  """Photograph comparing the two common styles of baju Melayu: teluk belanga, with a round neck finished
  with a small stitched loop, associated with Johor; and cekak musang, with a raised collar fastened by
  buttons (kancing)."""),
I(A, "i", "Tepak sirih with its containers and kacip",
  "Tepak sirih dengan cembul dan kacip",
  "Melaka, Malaysia", "1960s", 1960, 1969, CRAFT, PD,
  "tepak sirih, sirih pinang, betel, kacip, brass, adat, photograph",
  """Photograph of a brass tepak sirih, the betel box, opened to show its small lidded containers for lime,
  gambier and tobacco, folded betel leaves and slices of areca nut, with a kacip, the hinged cutter for
  areca nuts. The tepak sirih is offered to guests and used in betrothal ceremonies."""),

# ---- boats, games ----
I(A, "v", "Boatbuilders of Pulau Duyong",
  "Tukang perahu Pulau Duyong",
  "Pulau Duyong, Kuala Terengganu, Terengganu, Malaysia", "1980s", 1985, 1985, CRAFT, EDU,
  "boatbuilding, perahu, pulau duyong, terengganu, bedar, pinas, kayu cengal, video",
  """Video of the boatyards of Pulau Duyong, at the mouth of the Terengganu river, where boatbuilders
  construct large wooden boats of cengal without written plans, relying on experience and a few measured
  proportions. The planks are shaped and fitted edge to edge before the frames are added. The video shows a
  pinas hull under construction and interviews an elderly master builder."""),
I(A, "i", "Painted kolek fishing boats on the beach",
  "Perahu kolek berwarna-warni di pantai",
  "Kelantan, Malaysia", "1960s", 1964, 1964, PHOTO, PD,
  "perahu, kolek, bangau, fishing boat, east coast, kelantan, photograph",
  """Black-and-white photograph of east coast fishing boats drawn up on the sand, with tall carved and
  painted stem ornaments. Fishermen mend nets beside them."""),
I(A, "i", "Carved bangau boat ornament",
  "Bangau perahu berukir",
  "Terengganu, Malaysia", "1970s", 1972, 1972, CRAFT, CC,
  "bangau, perahu, boat ornament, ukiran kayu, wood carving, terengganu, photograph",
  """Photograph of a bangau, the carved and brightly painted wooden piece fixed to the side of an east
  coast fishing boat to rest the mast and oars on. Its name means heron, though the carving is a swirl of
  foliage around a beaked head."""),
I(A, "i", "Girls playing congkak",
  "Kanak-kanak perempuan bermain congkak",
  "Negeri Sembilan, Malaysia", "1960s", 1965, 1965, PHOTO, PD,
  "congkak, traditional game, permainan tradisional, children, negeri sembilan, photograph",
  """Photograph of two girls playing congkak on a verandah. The wooden board is boat-shaped, with two rows
  of seven holes and a larger store hole at each end; the players sow shells or seeds around the board."""),
I(A, "v", "Sepak raga in a village circle",
  "Sepak raga di tengah kampung",
  "Pahang, Malaysia", "1960s", 1962, 1962, PERF, PD,
  "sepak raga, sepak takraw, rattan ball, bola rotan, traditional game, pahang, video",
  """Silent film clip of young men standing in a circle playing sepak raga, keeping a woven rattan ball in
  the air with their feet, knees and heads. The net game sepak takraw later grew from it."""),
]
