"""More additions (appended text, keyed by title): short image items and the 100-149 word band."""

EXTRA = {
# short images (<40 words)
"Burmese parabaik with court scenes": """The paintings are in mineral colours with gold, and the figures move in a
  continuous band across the folds, so the whole procession is seen only when the book is fully opened.""",
"Kampong Ayer water village, Bandar Seri Begawan": """The water village has been lived in for centuries and was the
  heart of the Brunei sultanate's capital; European visitors described it as a 'Venice of the East'.""",
"Kuala Lumpur Railway Station": """The station was designed by the government architect A. B. Hubback, who also
  designed the Masjid Jamek, and it served the main line running the length of the west coast.""",
"Bajau water village on stilts": """The Bajau of the east coast of Sabah are known as seafarers, and some families
  lived on boats. The photograph was taken at low tide, when the posts and the sea bed can be seen.""",
"Red lanterns along a George Town street at Chinese New Year": """Shopkeepers hang the lanterns a few days before
  the New Year and take them down after Chap Goh Mei. The photograph was taken in the evening with the lanterns
  lit.""",
"Kavadi bearer on the Batu Caves steps": """The photograph was taken by a press photographer and is part of a series
  covering Thaipusam over several years, showing how the crowds and the site changed.""",
"T'nalak abaca cloth of the T'boli": """The abaca fibres are tied and dyed before weaving, in a warp ikat technique
  comparable to the pua kumbu of the Iban of Sarawak.""",
"Maulidur Rasul procession": """The marchers pass the main government buildings, and the procession ends with
  prayers and a short address. The recording also shows crowds of families watching along the route.""",
"Fishermen landing their catch, Terengganu": """The boats are of the kolek and perahu types used on the east coast,
  and the photograph is one of a series on fishing villages between Kuala Terengganu and Marang.""",
"Harvesting rice with the tuai": """The blade is held hidden in the palm, and each stalk is cut just below the ear.
  The photograph comes from a survey of rice-growing communities.""",
"Royal seal impression on a Jawi letter": """Seals were made of metal, often silver, and were pressed with
  lamp-black. The size and placement of a seal on a letter reflected the rank of the sender.""",
"Balinese gamelan gong kebyar": """The ensemble of bronze metallophones, gongs, cymbals and drums plays both concert
  pieces and dance accompaniment. The recording was made at a village banjar hall.""",
"Khaen music of Laos": """The khaen's drone and chords accompany the singer's improvised verses, and the recording
  includes a short interview with the player about learning the instrument from his uncle.""",
"Cencaluk and belacan at a Melaka market": """Melaka is especially known for cencaluk, made from the small shrimp
  (udang geragau) caught along its coast, fermented with salt and rice.""",
"Mooncakes and lanterns for the Mid-Autumn Festival": """Mooncakes are filled with lotus seed paste, red bean or
  mixed nuts, sometimes with salted egg yolk. Children parade with lit lanterns in the streets after dark.""",
"Tempoyak in a jar": """Tempoyak is made by mixing ripe durian flesh with a little salt and leaving it to ferment
  for several days, and is also eaten as a sambal with rice.""",
"Traditional houses of Luang Prabang": """The photograph is part of a series on historic towns of mainland Southeast
  Asia used for comparison with George Town and Melaka.""",
"Christmas decorations in a Kristang home": """The family invited neighbours of all communities to visit on Christmas
  Day, a custom similar to the open house of other Malaysian festivals.""",
"Kampung scene with houses on stilts and coconut palms": """The photograph was taken for a government publication on
  rural life and shows the typical arrangement of houses scattered among orchards rather than along a street.""",
"Reconstructed candi at Bukit Batu Pahat": """The base was reassembled from stones found on the site after
  excavation; the upper parts of the building, probably of timber, have not survived.""",
"Trishaws outside a George Town market": """Trishaws were a common form of short-distance transport in George Town
  for decades and are still seen in the heritage area.""",
"Longhouse ruai during the day": """The photograph was taken from one end of the gallery, which is more than a hundred
  metres long and serves about twenty families.""",
"Yoke thé marionette theatre, Mandalay": """Burmese marionettes can have many strings, and skilled puppeteers
  make them dance with movements that human dancers in turn imitate.""",
"Bullock cart on a country road": """Bullock carts carried rice, coconuts and other goods between villages and towns
  before motor lorries became common.""",
"Merdeka Day at Stadium Merdeka, 31 August 1957": """The stadium had been completed just in time for the ceremony.
  The picture is one of a series of official photographs of the day.""",
"Songkran water festival street scene": """Alongside the water play, people visit temples, pour scented water over
  Buddha images and over the hands of elders to ask for blessings.""",
"Wedding feast cooked by neighbours (rewang)": """Such shared cooking could go on for two or three days, and the
  work was returned when other families held their own weddings.""",
"Batik sarong with geometric border (kepala kain)": """The pattern was applied with copper blocks, and small
  irregularities where the blocks overlapped can be seen along the repeats.""",
"Five-foot way with hanging signboards": """Ipoh's old town grew rich from tin in the late nineteenth and early
  twentieth centuries, and many of its shophouses date from that period.""",
"Sarawak laksa breakfast in Kuching": """Sarawak laksa is eaten mainly for breakfast, and the spice paste is often
  bought ready-made from a few well-known producers in Kuching.""",
"Transplanting rice seedlings in Kedah": """Seedlings were first raised in a nursery bed and then planted out by hand
  in rows, work that was often shared between neighbours.""",
"Hanunó'o Mangyan script on bamboo": """The ambahan are seven-syllable verses used in courtship, advice and greetings,
  and were carved on bamboo tubes, containers and musical instruments.""",
"Bunga telur and bunga manggar at a wedding": """The photograph was taken at a wedding in a Selangor village and shows
  the gifts arranged on a table beside the dais.""",
"Pelita lamps lit for the last nights of Ramadan": """The lamps, made from tins or bamboo with a cloth wick, are
  lit after the breaking of the fast and traditionally welcome the night of Lailatul Qadar.""",
"Rubber tapper at dawn": """The photograph belongs to an album compiled by an estate manager, showing the stages of
  rubber production from tapping to the smoking of sheets.""",
"Thai samut khoi folding book": """Such books were made in monasteries, and the paintings are prized as examples of
  Thai painting of the period.""",
"Borobudur at dawn": """The monument was inscribed on the UNESCO World Heritage List in 1991 as part of the Borobudur
  Temple Compounds.""",
# 100-149 band
"Documentary: wayang kulit Kelantan in the 1990s": """The last part of the film shows the dalang packing his puppets
  into a wooden chest and talking about whether the form would survive; a caption added when the film was
  digitised notes that revival programmes began in the following decade.""",
"Dondang sayang session at a Melaka wedding": """A partial transcript of the pantun was prepared later by a student
  and is filed with the recording.""",
"Mat and basket weaving in the Malay Peninsula": """It also records the prices of mats in village markets at the time.""",
"Masjid Kampung Laut: notes on an old timber mosque": """It also summarises the traditions told locally about the
  mosque's founders.""",
"Adat perpatih: notes on customary sayings (perbilangan)": """The manuscript is typed, with handwritten corrections
  by the compiler.""",
"Kitab tib: a Malay medical manuscript": """The manuscript is written in a clear hand on European paper.""",
"Hikayat Abdullah: the first printed edition": """A reading copy in modern Rumi spelling is available.""",
"Oral history: a Nyonya cook on the kitchen of her childhood": """Recipes she dictated were written down by her
  granddaughter and are kept with the recording.""",
"Nyonya cooking: a family recipe book": """The book was donated by the family with permission to publish selected
  recipes.""",
"Al-Imam: a reformist journal": """An index of articles compiled by a researcher is provided.""",
"Photograph albums of a travelling studio photographer": """A selection of the portraits has been shown in local
  exhibitions, where visitors were invited to identify relatives, and their notes have been added to the
  catalogue.""",
"Bujang Valley temple remains: site report summary": """The report was prepared for a general readership and
  includes a map of the main sites, a table of the structures excavated up to the 1970s, and photographs of the
  finds held in the site museum at Merbok.""",
"Newsreel of the independence celebrations, 1957": """The print has been transferred to digital video, and a
  shot list describing each scene is available in the reading room.""",
"Transcription and translation of the Terengganu Inscription Stone": """The booklet is written for students and
  visitors and explains the Jawi letters used on the stone, some of which differ from modern Jawi spelling.""",
"Measured drawings of a twelve-post house (rumah tiang dua belas)": """The students also interviewed the owners about
  the history of the house, and their notes record that it had been enlarged twice, with a kitchen added at the
  back and a front verandah enclosed.""",
"Undang-Undang Melaka (Laws of Melaka): manuscript notes": """The notes were prepared for a seminar on Malay legal
  history and include a bibliography of the main editions and studies of the text, and a table comparing the
  order of the chapters in each manuscript.""",
"Parts of the Malay keris: a glossary with drawings": """The glossary also names common hilt forms, such as jawa
  demam and tajong, and sheath forms, and explains how a keris is worn tucked in the waist sash with the hilt
  turned inwards.""",
"Oral history: a Semai elder on forest knowledge": """The archive returned copies of the recording to the village
  school, and a Semai teacher added a word list of plant names.""",
"Kopitiam culture in Ipoh and Penang: field notes": """The notes are accompanied by photographs of shop interiors,
  signboards, and coffee being brewed through cloth filters, and by a sketch plan of a typical kopitiam showing
  where each stall stands.""",
"Tuhfat al-Nafis by Raja Ali Haji": """The archive also holds a modern printed edition in Rumi for readers who do
  not read Jawi, with an index of persons and places.""",
"Oral history: a Terengganu batik artist": """Photographs of her workshop and of a finished silk scarf are filed
  with the recording.""",
"Hand-drawn batik with the canting, Terengganu": """The artist explains that each piece is unique, and the video
  ends with the finished sarong being shown against the light so that the fine crackle lines left by the wax
  can be seen.""",
"The royal nobat: instruments and occasions": """The report draws on interviews with nobat musicians and palace
  officials, and explains that the nobat is not a concert ensemble: its music marks the presence and acts of the
  ruler. Photographs of the instruments, wrapped in yellow cloth when not in use, are included.""",
"Oral history: an elderly tok dalang on learning wayang kulit": """He also lists the puppets he considered most
  important and describes how he would not let anyone step over his puppet chest.""",
"Oral history: a village carpenter who built houses": """He also names the main timbers used, such as cengal and
  meranti, and recalls the prices he charged.""",
"Wayang kulit purwa performance by a Javanese-descended community in Johor": """The archive's copy is accompanied
  by notes from the collector on the troupe's history and a list of the puppets used, with their Javanese
  names.""",
"Wayang kulit Kelantan performance after the rice harvest, 1970s": """The collector's notes record the names of the
  musicians, the fee paid to the troupe, and the fact that the performance was sponsored by a family in
  fulfilment of a vow. The film is silent in parts, where the sound recording failed, and a later narration
  was added.""",
"Istana Seri Menanti: history and plan": """Photographs show the exterior before and after restoration, the carved
  panels on the upper floors and the view from the tower, and a note explains the building's use as the royal
  residence until the 1930s, when a new palace was built nearby.""",
}
