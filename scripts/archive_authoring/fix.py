"""Additions to draft descriptions that were too short (appended text, keyed by title)."""

EXTRA = {
"Documentary: wayang kulit Kelantan in the 1990s": """Several sequences show the dalang rehearsing alone, moving two puppets at once while
  speaking the voices of both, which gives a rare close view of the technique.""",
"Mak yong staged in Kuala Lumpur, 2000s": """The file also holds still photographs of the costumes taken during the dress rehearsal.""",
"Menora dancer's beaded costume and crown": """The costume belongs to a troupe from a Siamese village in Tumpat and was photographed
  during a festival at the local Buddhist temple, where menora is performed both as entertainment and as an offering.""",
"Dikir barat songs recorded for radio": """The tape box lists eight songs with their themes, including a song of advice to
  young people and a humorous piece about market prices. The recording is useful for hearing the standard verse and
  chorus structure without crowd noise.""",
"Awok-awok chorus in matching baju Melayu": """The photograph was taken during a school competition. The tok juara
  and tukang karut stand in front of the chorus, and a rebana player is visible at the edge of the frame. Matching
  colours for each group are the custom in dikir barat contests.""",
"Dondang sayang session at a Melaka wedding": """The tape box is annotated with the names of the songs in the
  order they were sung, and a note that the session went on long after the recording stopped.""",
"Gambus and marwas used for zapin": """The gambus has several courses of paired strings, and the
  marwas heads are of goatskin laced to the wooden shells. The group's leader explained that the gambus opens each
  piece with a solo before the drums enter, and that the marwas players interlock their rhythms to drive the dance.""",
"Zapin stage choreography, Kuala Lumpur": """After the performance the choreographer and two dancers discuss how they
  learned village zapin from older teachers in Johor before adapting it. The discussion is included at the end of
  the recording.""",
"Saron and kenong of a gamelan Melayu set": """The set is kept by a cultural centre in Kuala Terengganu and used for
  teaching and performances of joget gamelan. The photograph was taken for an inventory of the instruments, and each
  piece is numbered in the accompanying list.""",
"Silat exponents in a frozen pose": """The photograph was taken at a village display during a festive gathering.
  The tengkolok, sampin and dark costume are typical of silat displays at weddings and welcoming ceremonies.""",
"Gendang silat music": """The recording was made in a village hall with the musicians playing several standard
  pieces, including the slow opening for the salutation (sembah) and a fast piece for the climax of a display.
  The leader names each piece before playing.""",
"Kompang drums drying in the sun": """Kompang groups perform at weddings, national day parades and religious
  processions. The drums in the photograph belong to a mosque youth group and are marked with the owners' initials
  on the wooden frames.""",
"Kompang and hadrah recording, Johor": """Hadrah groups sing verses in praise of the Prophet in Arabic and Malay,
  and the music often accompanies simple seated or standing movements. The recording includes a leader's call and the
  group's answering chorus, and a short section of pure drumming.""",
"Boria in Penang: notes and lyrics": """The notebooks come from a troupe leader who wrote songs for several seasons.
  Besides lyrics they record rehearsals, costume colours for the chorus and the prizes won. The songs are written
  in romanised Malay with a few in Jawi.""",
"Chingay parade floats in Singapore": """The parade grew from street processions held during Chinese New Year and was
  organised as a national event to bring different communities together. The photograph shows floats built on
  lorries and a troupe of stilt walkers.""",
"Hokkien opera actors backstage": """Costume trunks, painted backdrops and a small altar to the patron deity of the
  troupe are visible. Performances of this kind were often commissioned by temples during festivals, and troupes
  lived and slept behind the stage during a run.""",
"Potehi glove puppet show at a temple festival": """The puppets, about thirty centimetres tall, have carved and painted
  wooden heads, hands and feet, with embroidered costumes. The stories come from Chinese historical romances. The
  troupe is one of very few still active in Malaysia, and the performers are interviewed after the show.""",
"Nobat music recorded at a royal installation": """The recording is accompanied by a note on the order of the pieces,
  which are played at fixed points in the ceremony. Because the nobat is heard only on royal occasions, such
  recordings are rare and are kept with restricted access.""",
"Caklempong ensemble, Negeri Sembilan": """The kettles are laid on a wooden frame, and one player carries the melody
  while others play supporting patterns. The recording was made at a wedding in Kuala Pilah, and the sound of the
  guests and a speech by the host can be heard between pieces.""",
"Carved and painted sape": """The painted motifs resemble those used on Orang Ulu longhouse walls, shields and baby
  carriers. The instrument was bought from a maker in Miri, who carves the body and neck from a single block of
  softwood and hollows the back.""",
"Sompoton mouth-organ tunes": """The eight bamboo pipes are arranged in two rows and fixed into the gourd with beeswax.
  The player names the tunes before each one, several of them associated with the Kaamatan harvest festival and
  with courting. About twenty minutes.""",
"Kelantan songket sampin with bunga tabur": """The photograph is part of a set documenting men's formal dress, with
  notes on how the samping is folded and worn at knee length over the trousers.""",
"Bride and groom in songket at a Terengganu wedding": """The dais is decorated with embroidered cushions, and
  relatives stand around it. The bersanding is the central ceremony of a Malay wedding, when the couple sit in state
  to be blessed and admired by guests.""",
"Songket selendang with awan larat border": """The body of the shawl is plain, so that it can be draped over the
  shoulder or head without bulk, while the gold border and ends carry the decoration. The piece was woven in a
  Terengganu workshop and bought by the archive for a textile exhibition.""",
"Batik sarongs drying on lines": """Block-printed sarongs like these were the main product of Terengganu batik
  workshops at the time and were sold at markets across the east coast. The photograph was taken for a survey of
  small industries.""",
"Copper batik stamping blocks": """Each block is about twenty centimetres across and has a handle soldered to the
  back. The patterns are meant to be stamped in repeat, and some blocks are made in pairs for the border and the body
  of a sarong. The blocks were donated by a workshop that turned to hand-drawn batik.""",
"Malaysian batik fashion show": """The show closes with a parade of batik baju kurung and baju Melayu, and the
  recording includes a short segment in which a batik artist demonstrates the canting and colet brush technique to
  the audience.""",
"Men's batik shirts at a Kuala Lumpur reception": """The shirts are in hand-drawn designs of leaves and flowers in bold
  colours, worn untucked. The photograph was taken for a newsletter report on the reception and names the host
  organisation in the caption.""",
"Batik design competition entries": """The catalogue lists the judges, the prize categories for hand-drawn and
  block batik, and the workshops and states the entrants came from, most of them from Terengganu, Pahang and
  Selangor.""",
"Batik canting tools": """The canting is held like a pen; the artist scoops molten wax into its small copper bowl and
  lets it flow from the spout onto the cloth. Spouts of different width give fine or broad lines, and some canting
  have two or three spouts for drawing parallel lines.""",
"Keris blade showing pamor pattern": """The photograph was made for a study of pamor patterns, and the accession file
  gives the blade's length and the name of the pattern as recorded by the donor. Such patterns were valued for
  their beauty and sometimes credited with particular qualities.""",
"Bugis-style keris with carved sheath": """The blade is straight and long. The Bugis, from southern Sulawesi, played an
  important role in the politics of the Malay states in the eighteenth century, and the Selangor royal house is of
  Bugis descent.""",
"Man in formal dress wearing a keris": """The photograph comes from a family album donated with its captions in
  Jawi. Portraits like this were made in town studios for weddings, official appointments and to send to relatives.""",
"Keringkam embroidered head veil, Sarawak": """The gold thread is a flat metal strip passed through the fabric with
  a needle and pressed flat, which gives the embroidery its glitter. Keringkam is one of the best-known crafts of the
  Sarawak Malay community, and old pieces are handed down within families.""",
"Mengkuang mat with coloured pattern": """The mat is about two metres long and is finished with a folded border. It
  was collected in a village near Kuala Terengganu and its maker's name is recorded.""",
"Tudung saji food covers": """The covers are plaited from dyed mengkuang or pandan strips, often in red, green, yellow
  and purple, with a rim reinforced by rattan. They remain common in Malay kitchens and at feasts, and stalls in
  Terengganu markets sell them alongside mats and baskets.""",
"Mat and basket weaving in the Malay Peninsula": """An appendix records the local names of more than thirty plaiting
  patterns with sketches, collected from weavers in several states.""",
"Potter burnishing a labu before firing": """Burnishing closes the surface of the clay so that the pot takes on a
  glossy finish after it is blackened in rice husk. Incised patterns are added at the same stage, before the pot is
  completely dry.""",
"Carved eave boards on a Kelantan house": """Such boards, called papan cantik or tumpu kasau, finish the edge of the
  roof and protect the ends of the rafters from rain. The house was photographed as part of a survey of traditional
  timber houses in Kelantan.""",
"Kelantan silver betel box with repoussé flowers": """The box has a hinged lid and sits on four small feet. Silver
  betel sets like this were prized possessions and were used on ceremonial occasions such as weddings and the
  reception of important guests.""",
"Silver pending buckle": """The pending was fixed to a belt or sash and worn by both men and women of rank. Buckles of
  this kind were also made in gold and in silver gilt, and were often given as wedding gifts. This example shows
  wear on its hinge.""",
"Brassware from Kampung Ladang": """The pieces include a tray on a pedestal, a lidded bowl, a water kettle and a
  betel set. Terengganu brassware was sold in local markets and to visitors, and the district has been associated
  with the craft for generations.""",
"Kite maker cutting paper layers": """The finished layers are pasted one over another on the paper covering of the
  kite, each in a different colour, so that the design appears in relief. A single large wau can take several weeks
  to decorate.""",
"Gasing tops with metal rims": """The tops are carved from hardwood such as merbau or kemuning and weigh several
  kilograms each. They were lent to the archive by a gasing club in Kelantan for photography before a competition.""",
"Tenun Pahang Diraja in a checked pattern": """The name Diraja (royal) reflects the cloth's long association with the
  Pahang court. Typical pieces use silk in a balanced check pattern, sometimes with gold thread added, and are worn as
  sarongs and samping on formal occasions.""",
"Weaving tenun Pahang at Pulau Keladi": """The weavers explain how the checked patterns are planned by counting the
  coloured threads when the warp is set up, and how long a sarong length takes to weave. The centre also trains young
  weavers.""",
"Pua kumbu with spirit figures": """The cloth was woven on a backstrap loom and dyed with natural dyes. The figures are
  stylised so strongly that the design reads at first as an abstract pattern. The accession file records the design
  name given by the family who sold it.""",
"Orang Ulu beaded baby carrier": """Beads were traded into Borneo over many centuries and were valued as heirlooms
  and marks of status among the Orang Ulu. The designs on carriers were believed to protect the child, and the right
  to use certain motifs depended on the family's rank.""",
"Rungus beaded necklaces and sashes": """The Rungus of the Kudat peninsula are known for their beadwork and for their
  longhouses. The photograph was taken at a cultural festival where women wore their finest beads, some of them
  family pieces several generations old.""",
"Nyonya kebaya with embroidery and kerosang": """The kebaya Nyonya is worn by Peranakan Chinese women, and
  embroidered versions became fashionable in the twentieth century. Kerosang were made in gold or silver and sometimes
  set with diamonds, and were handed down as family jewellery.""",
"Kasut manek beaded slippers": """Each slipper may contain tens of thousands of beads, stitched onto canvas stretched on
  a frame and then made up by a shoemaker. Patterns were drawn from embroidery pattern books, and pairs were made as
  gifts and for weddings.""",
"Embroidering a kebaya Nyonya": """The video shows the cutting away of fabric between stitched outlines to leave lacy
  openwork, a technique called sulam tebuk, and the final pressing of the finished garment.""",
"Baju Melayu with teluk belanga and cekak musang collars": """Both are worn with trousers and a samping, and with a
  songkok on formal occasions. The photograph was made for a school textbook on national dress, and the caption gives
  the names of the parts of the garment, such as the pesak and kekek.""",
"Painted kolek fishing boats on the beach": """The photograph is one of a series taken on the Kelantan and Terengganu
  coast documenting fishing communities. The boats are launched through the surf each morning and pulled back up the
  beach by teams of men when they return.""",
"Girls playing congkak": """Congkak is played by two players who take turns picking up the contents of a hole and
  sowing them one by one into the following holes. The photograph is part of a collection on children's games donated
  by a teacher.""",
"Sepak raga in a village circle": """The footage, about four minutes long, was shot for a newsreel on rural life.
  Players count the number of touches before the ball falls, and the circle widens as more young men join.""",
}
