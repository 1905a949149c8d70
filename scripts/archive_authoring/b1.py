from common import *  # noqa

A = "performing arts"
ITEMS = [
I(A, "v", "Film footage of a wayang kulit Kelantan performance, Tumpat district",
  "Rakaman filem persembahan wayang kulit Kelantan, daerah Tumpat",
  "Tumpat, Kelantan, Malaysia", "1960s", 1960, 1969, PERF, PD,
  "wayang kulit, wayang kulit kelantan, wayang kulit siam, tok dalang, shadow puppet theatre, kelantan, film",
  """Black-and-white 16 mm footage, about twenty-two minutes long, of a night performance of wayang kulit
  Kelantan (often called wayang kulit Siam) in a rice-growing village of Tumpat district. The camera was set
  up first behind the screen (kelir), where the tok dalang sits cross-legged with the puppets he needs stuck
  into a banana-stem log in front of him, and a single lamp hangs above his head to throw the shadows. Later
  reels were shot from the audience side, so both views of the same scene can be compared.
  The sequence opens with the pohon beringin, the leaf-shaped 'tree' puppet that is planted in the centre of
  the screen before the story begins and again when it ends. The episode is taken from the Hikayat Maharaja
  Wana, the local Ramayana repertoire, and the footage includes a battle between Seri Rama's forces and those
  of Maharaja Wana, with the white monkey Hanuman prominent. The comic servants Pak Dogol and Wak Long appear
  in a long interlude that, according to the cataloguer's note, drew the loudest laughter from the audience.
  The sound was recorded separately on tape and synchronised later; in places the music of serunai, gendang,
  gedombak, geduk, canang, kesi and the hanging tetawak gongs drifts out of step with the picture. The
  panggung, a small shed raised on stilts with a thatched roof, is visible in daylight shots made the next
  morning. The footage is one of the oldest moving-image records of the form in the archive and is often
  viewed alongside later recordings to see how staging and lighting changed once electric bulbs replaced oil
  lamps."""),
I(A, "v", "Wayang kulit Kelantan performance after the rice harvest, 1970s",
  "Persembahan wayang kulit Kelantan selepas musim menuai, 1970-an",
  "Pasir Mas, Kelantan, Malaysia", "1970s", 1972, 1978, PERF, CC,
  "wayang kulit, wayang kulit kelantan, tok dalang, hikayat maharaja wana, seri rama, kelantan, village performance",
  """Colour film transferred to video, recorded over two evenings in a village near Pasir Mas when the
  harvest was in and villagers had time for entertainment. The recording begins with the opening rites at
  the panggung, then shows the dalang's assistants tuning drums and the serunai player warming up. Most of
  the reel covers an episode in which Siti Dewi is carried off by Maharaja Wana. The audience of farmers and
  children sits on mats in the open field in front of the screen. A useful record of wayang kulit as village
  entertainment before television became common in rural Kelantan."""),
I(A, "v", "Wayang kulit Kelantan at the Gelanggang Seni, Kota Bharu",
  "Wayang kulit Kelantan di Gelanggang Seni, Kota Bharu",
  "Kota Bharu, Kelantan, Malaysia", "1980s", 1984, 1987, PERF, EDU,
  "wayang kulit, wayang kulit kelantan, gelanggang seni, kota bharu, tok dalang, shadow puppet theatre, performance",
  """Video recording of a wayang kulit Kelantan evening staged for a mixed audience of townspeople and
  visitors at the cultural centre in Kota Bharu. Unlike village performances the panggung here is a permanent
  structure and the screen is lit with an electric bulb. The dalang shortens the story and adds more comic
  scenes with Pak Dogol and Wak Long, speaking in broad Kelantanese dialect. Two cameras were used: one on the
  shadows and one behind the screen showing the dalang's hands and the musicians. Running time about 50
  minutes."""),
I(A, "v", "Documentary: wayang kulit Kelantan in the 1990s",
  "Dokumentari: wayang kulit Kelantan pada tahun 1990-an",
  "Kelantan, Malaysia", "1990s", 1993, 1996, PERF, EDU,
  "wayang kulit, wayang kulit kelantan, documentary, tok dalang, kelantan, heritage policy",
  """A forty-minute documentary made for educational broadcast about the situation of wayang kulit Kelantan
  in the early 1990s. In 1991 the Kelantan state government restricted public performances of several
  traditional forms, among them wayang kulit, mak yong, menora and main puteri, on religious grounds. The
  film follows two dalang who continued to perform for private functions, for cultural bodies outside the
  state and for foreign researchers, and records their views on the shrinking number of apprentices. There
  are interviews with musicians who had moved to other work, footage of puppets stored in a house, and a
  short performance staged for the film crew. The narration is in Malay with English subtitles added later.
  The documentary is a frequently requested source for students of cultural policy in Malaysia."""),
I(A, "v", "Wayang kulit Kelantan staged for a university audience, Kuala Lumpur",
  "Pementasan wayang kulit Kelantan untuk penonton universiti, Kuala Lumpur",
  "Kuala Lumpur, Malaysia", "2000s", 2004, 2006, PERF, CC,
  "wayang kulit, wayang kulit kelantan, kuala lumpur, university, shadow puppet theatre, performance",
  """Digital video of a full wayang kulit Kelantan performance given on a campus in Kuala Lumpur, with a
  troupe brought down from Kelantan. The screen was set up in a hall rather than a panggung, and the
  dalang gave a short introduction explaining the characters before the pohon beringin was planted. The
  episode, from the Seri Rama cycle, runs for about ninety minutes. The archive copy includes a second
  camera angle behind the screen."""),
I(A, "v", "Young dalang's first public wayang kulit performance, 2010s",
  "Persembahan awam pertama dalang muda wayang kulit, 2010-an",
  "Kota Bharu, Kelantan, Malaysia", "2010s", 2014, 2016, PERF, CC,
  "wayang kulit, wayang kulit kelantan, dalang muda, apprentice, revival, shadow puppet theatre",
  """High-definition recording of a young dalang, trained by an older master, giving his first public
  performance. The video shows the full orchestra with serunai, gedombak and gongs, the lighting of the
  screen, and the performer's handling of dozens of puppets. Audience members film on their phones. The
  performance was part of a programme to encourage new performers of wayang kulit; an interview with the
  performer after the show is appended at the end of the file."""),
I(A, "a", "Music of the wayang kulit Kelantan orchestra",
  "Muzik iringan wayang kulit Kelantan",
  "Kota Bharu, Kelantan, Malaysia", "1970s", 1974, 1976, PERF, CC,
  "wayang kulit, wayang kulit kelantan, serunai, gedombak, geduk, canang, tetawak, muzik tradisional, audio",
  """Reel-to-reel recording of the instrumental pieces that accompany wayang kulit Kelantan, played without
  the puppets for a studio session. The ensemble is led by the serunai, a double-reed oboe, with a pair of
  gendang, the single-headed goblet drum gedombak, the barrel drum geduk, a pair of small hanging gongs
  (canang), kesi cymbals and a pair of large tetawak gongs. Pieces used for the opening, for battle scenes,
  for journeys and for the clowns' entrances are announced in Malay before each track. A reference
  recording for musicians learning the repertoire."""),
I(A, "i", "Wayang kulit Kelantan puppets of Seri Rama and Maharaja Wana",
  "Patung wayang kulit Kelantan: Seri Rama dan Maharaja Wana",
  "Kelantan, Malaysia", "1980s", 1980, 1989, PERF, CC,
  "wayang kulit, wayang kulit kelantan, patung wayang, seri rama, maharaja wana, puppet, kulit lembu",
  """Colour photograph of two wayang kulit Kelantan puppets laid on a white sheet: the hero Seri Rama, shown
  in profile with a crown and a refined face, and the ten-headed demon king Maharaja Wana. The figures are
  cut from cowhide, pierced with fine decorative holes and painted in bright colours; each has a central rod
  and a jointed arm moved by a thin stick."""),
I(A, "i", "The clown puppets Pak Dogol and Wak Long",
  "Patung Pak Dogol dan Wak Long",
  "Kelantan, Malaysia", "1970s", 1975, 1979, PERF, CC,
  "wayang kulit, wayang kulit kelantan, pak dogol, wak long, clown, puppet, patung wayang",
  """Photograph of the two best-loved comic figures of wayang kulit Kelantan. Pak Dogol is dark, round and
  short; Wak Long is his companion. Their scenes, spoken in Kelantanese dialect, comment on village life and
  current events and give the dalang room to improvise. In the wayang tradition Pak Dogol is held to be far
  more than a servant, and some dalang handle the puppet with special respect."""),
I(A, "i", "Wayang kulit panggung in a village field at dusk",
  "Panggung wayang kulit di tengah sawah pada waktu senja",
  "Bachok, Kelantan, Malaysia", "1970s", 1970, 1979, PHOTO, CC,
  "wayang kulit, panggung, wayang kulit kelantan, village, kelantan, photograph",
  """Black-and-white photograph of a wayang kulit panggung: a small hut raised on posts, with an attap
  roof and walls of plaited palm leaf, one side left open for the white screen. Children gather in front of
  it while a man carries a lamp up the ladder. The performance has not yet begun."""),
I(A, "d", "Notes on the repertoire and structure of wayang kulit Kelantan",
  "Catatan tentang repertoir dan struktur persembahan wayang kulit Kelantan",
  "Kelantan, Malaysia", "1980s", 1982, 1985, PERF, CC,
  "wayang kulit, wayang kulit kelantan, hikayat maharaja wana, ramayana, field notes, repertoire, document",
  """Typescript field notes, 46 pages, on how a wayang kulit Kelantan evening is put together. The writer
  describes the building of the panggung, the offerings and invocations made before the first performance
  in a new place (buka panggung), and the order of an evening: an instrumental prelude, the planting of the
  pohon beringin, a short introductory scene, and then the main story. The core repertoire is the Hikayat
  Maharaja Wana, a Malay-Kelantanese version of the Ramayana in which Seri Rama, his brother Laksamana, his
  wife Siti Dewi and the monkey warrior Hanuman oppose the demon king Maharaja Wana. The notes stress that
  dalang added many 'branch' stories (cerita ranting) of their own invention alongside the main cycle, and
  that an audience came as much for the clowns and for topical jokes as for the epic. There are also sections
  on how puppets are classified (refined, coarse, demonic and comic figures), on the language used by the
  dalang for different characters, and on the role of the musicians in signalling changes of scene. Hand-
  drawn diagrams show where each player sits inside the panggung. The notes end with a list of the forty or
  so puppets in the set the writer studied, and remarks on how the most important figures were stored and
  handled."""),
I(A, "a", "Oral history: an elderly tok dalang on learning wayang kulit",
  "Sejarah lisan: tok dalang veteran tentang pembelajaran wayang kulit",
  "Tumpat, Kelantan, Malaysia", "1990s", 1997, 1997, ORAL, EDU,
  "oral history, sejarah lisan, wayang kulit, tok dalang, kelantan, apprenticeship, interview",
  """Interview of about two hours, in Kelantanese Malay, with a dalang then in his seventies (name held by
  the archive). He describes following a master from village to village as a boy, first carrying puppets and
  playing the canang, then learning the voices and the stories by listening night after night. He recalls
  the ceremonies required before an apprentice could perform alone, and how much an evening's performance
  earned in different decades. Later parts of the interview concern the difficulty of finding young people
  willing to learn the form, and his hopes that recordings will help. A Malay transcript accompanies the
  audio."""),
I(A, "i", "Puppet maker cutting a wayang kulit figure from cowhide",
  "Pembuat patung menebuk patung wayang kulit daripada kulit lembu",
  "Kota Bharu, Kelantan, Malaysia", "2000s", 2005, 2008, CRAFT, CC,
  "wayang kulit, patung wayang, puppet making, kulit lembu, craft, kelantan",
  """Digital photograph of a craftsman at work on a wayang kulit puppet. The dried, scraped cowhide is laid
  on a wooden block, and the maker punches the decorative holes with small chisels of different shapes
  before the figure is painted. Finished puppets hang on the wall behind him."""),
I(A, "v", "Making a wayang kulit puppet, from hide to painted figure",
  "Pembuatan patung wayang kulit, dari kulit mentah hingga siap berwarna",
  "Kota Bharu, Kelantan, Malaysia", "2010s", 2012, 2013, CRAFT, CC,
  "wayang kulit, patung wayang, puppet making, craft, kulit lembu, video, kelantan",
  """Short instructional video following a puppet maker over several days. The hide is soaked, stretched
  and scraped until thin and translucent, then dried. A design is traced, the outline is cut, and the inner
  ornament is punched with small chisels. Colour is applied, the arm joints are attached with string, and
  the split-bamboo central rod is bound on. The maker explains which figures need the most care, such as the
  heroes and the pohon beringin."""),
I(A, "v", "Wayang kulit purwa performance by a Javanese-descended community in Johor",
  "Persembahan wayang kulit purwa oleh masyarakat keturunan Jawa di Johor",
  "Batu Pahat, Johor, Malaysia", "1980s", 1986, 1988, PERF, EDU,
  "wayang kulit, wayang kulit purwa, wayang purwa, johor, javanese, mahabharata, gamelan, shadow puppet theatre",
  """Video recording of wayang kulit purwa, the Javanese form of shadow puppet theatre, performed at a
  wedding in a village of Javanese descent in Batu Pahat district. The puppets, of tooled and painted
  buffalo hide with slender arms, are taller and more elongated than those of wayang kulit Kelantan. The
  story is from the Mahabharata cycle, and the dalang speaks Javanese with occasional Malay asides. The
  accompanying ensemble is a small gamelan. The recording shows that wayang purwa travelled with migrants
  from Java to the Malay Peninsula, where it was kept up mainly within Javanese communities in Johor and
  Selangor."""),
I(A, "i", "Gunungan and punakawan puppets from a Johor wayang purwa set",
  "Gunungan dan patung punakawan daripada set wayang purwa Johor",
  "Batu Pahat, Johor, Malaysia", "1980s", 1986, 1988, PERF, CC,
  "wayang kulit purwa, wayang purwa, gunungan, punakawan, semar, johor, puppet",
  """Photograph of puppets from a wayang kulit purwa set used by a Javanese-descended troupe in Johor: the
  mountain-shaped gunungan (kayon) used to open and close scenes, and the clown-servants Semar, Gareng,
  Petruk and Bagong. The figures are of buffalo hide, finely tooled and gilded in places."""),
I(A, "a", "Wayang kulit gedek excerpt recorded in Kedah",
  "Petikan wayang kulit gedek dirakam di Kedah",
  "Kubang Pasu, Kedah, Malaysia", "1980s", 1983, 1983, PERF, EDU,
  "wayang kulit gedek, wayang kulit, kedah, perlis, nang talung, shadow puppet theatre, audio",
  """Cassette recording of part of a wayang kulit gedek performance in northern Kedah. Wayang kulit gedek,
  found in Kedah and Perlis near the Thai border, is closely related to the southern Thai nang talung: its
  clowns are modelled on Thai comic figures, the dialogue mixes Kedah Malay and southern Thai, and the music
  uses drums and a small oboe with a lively rhythm. The excerpt includes a clown scene and a song. About 35
  minutes."""),

# ---- mak yong cluster ----
I(A, "a", "Mak yong songs: Menghadap Rebab and opening pieces",
  "Lagu-lagu mak yong: Menghadap Rebab dan lagu pembukaan",
  "Kota Bharu, Kelantan, Malaysia", "1960s", 1965, 1969, PERF, PD,
  "mak yong, makyong, menghadap rebab, rebab, kelantan, muzik tradisional, audio",
  """Reel-to-reel recording of mak yong singers and musicians in Kota Bharu. The first track is Menghadap
  Rebab, the song with which a mak yong performance opens, sung by the lead actress while the cast kneel and
  pay respect to the rebab, the bowed spike fiddle that leads the ensemble. Further tracks are songs used
  during journeys and court scenes. The voices are accompanied by rebab, a pair of gendang drums and
  tetawak gongs. Sound quality is fair, with tape hiss."""),
I(A, "a", "Mak yong performance audio, Dewa Muda story",
  "Rakaman audio persembahan mak yong, cerita Dewa Muda",
  "Kelantan, Malaysia", "1990s", 1994, 1995, PERF, EDU,
  "mak yong, makyong, dewa muda, rebab, kelantan, audio, dance drama",
  """Two cassettes holding a complete mak yong performance of the story of Dewa Muda, the young prince who
  dreams of a princess in the heavens and sets out to find her. Dewa Muda is the best-known and most often
  performed story of the mak yong repertoire. The recording was made at a private event, as public
  performances were then restricted in Kelantan. The songs, the dialogue of the clowns (peran) and the
  rebab-led music are clearly audible."""),
I(A, "v", "Mak yong performance in a Kelantan village, 1980s",
  "Persembahan mak yong di sebuah kampung di Kelantan, 1980-an",
  "Kelantan, Malaysia", "1980s", 1985, 1988, PERF, EDU,
  "mak yong, makyong, pak yong, peran, kelantan, dance drama, dance theatre, video",
  """Video of a mak yong performance under a temporary open-sided shelter in a Kelantan village, recorded
  for a research project on Malay theatre. Mak yong combines dance, singing, acting and improvised comedy,
  and its leading roles are played by women, including the male hero, the Pak Yong. The recording shows the
  full opening ritual and Menghadap Rebab, then scenes from a story set in a royal court. The Pak Yong
  carries a split-rattan wand (rotan berai) which he uses to tap the clowns. Note from the collector: the
  troupe had not performed publicly for several months and the audience was made up of invited guests and
  neighbours."""),
I(A, "v", "Mak yong staged in Kuala Lumpur, 2000s",
  "Pementasan mak yong di Kuala Lumpur, 2000-an",
  "Kuala Lumpur, Malaysia", "2000s", 2006, 2008, PERF, EDU,
  "mak yong, makyong, kuala lumpur, proscenium stage, dance drama, dance theatre, unesco, video",
  """Multi-camera video of a mak yong production mounted on a proscenium stage in Kuala Lumpur, with
  costumes and lighting designed for a theatre audience. The production followed renewed national interest
  in the form after UNESCO proclaimed mak yong a Masterpiece of the Oral and Intangible Heritage of
  Humanity in 2005; it was later inscribed on the Representative List of the Intangible Cultural Heritage
  of Humanity in 2008. The performance is shorter than a village mak yong and the improvised comedy is
  reduced, but the songs and dances follow tradition. The archive record includes the printed programme
  and a short interview with the director, who explains which changes were made for the stage and why the
  opening homage to the rebab was kept unchanged. Viewers comparing this recording with the village
  performance from the 1980s will see differences in tempo, costume and the role of the audience."""),
I(A, "v", "Mak yong workshop for young performers, 2010s",
  "Bengkel mak yong untuk penari muda, 2010-an",
  "Kuala Lumpur, Malaysia", "2010s", 2015, 2017, PERF, CC,
  "mak yong, makyong, workshop, training, dance drama, revival, video",
  """Video from a training workshop in which experienced mak yong performers teach young dancers the
  basic hand movements, the slow circling walk and the opening songs. The instructors correct posture and
  explain the meaning of gestures. Shot on a phone camera and edited into a 25-minute summary."""),
I(A, "i", "Pak Yong in costume before a performance",
  "Pak Yong berpakaian lengkap sebelum persembahan",
  "Kota Bharu, Kelantan, Malaysia", "1970s", 1976, 1978, PERF, CC,
  "mak yong, makyong, pak yong, costume, kelantan, photograph",
  """Photograph of the performer playing the Pak Yong, the male lead of mak yong, which is traditionally
  played by a woman. She wears a royal costume with a headdress, a fitted jacket and a cloth wrapped over the
  trousers, and holds the rotan berai. A rebab player sits in the background."""),
I(A, "d", "Mak yong: roles, stories and ritual — a study guide",
  "Mak yong: watak, cerita dan ritual — panduan pembelajaran",
  "Kelantan, Malaysia", "2000s", 2009, 2009, PERF, CC,
  "mak yong, makyong, study guide, dance drama, ritual, pak yong, mak yong, peran, document",
  """A 30-page study guide prepared for teachers. Mak yong is a dance-theatre of the Kelantan–Patani
  region, also found in the Riau islands, combining stylised dance, vocal and instrumental music, acting and
  comic improvisation. The guide describes the main roles: the Pak Yong (hero king or prince), the Mak Yong
  (the heroine or queen), the Mak Inang (female attendants), and the Peran, the male clowns who act as
  servants and who carry much of the humour. It summarises a dozen traditional stories, of which Dewa Muda is
  the best known. A section on ritual explains that mak yong was also performed in healing contexts related
  to main puteri, and that performances in a new place began with offerings to the spirits of the locality.
  The guide also covers the instruments (rebab, gendang, tetawak), the opening Menghadap Rebab, the UNESCO
  recognition of 2005, and the restrictions placed on public performance in Kelantan from 1991. It ends with
  suggested classroom activities and a short glossary of terms."""),
I(A, "a", "Oral history: a former mak yong actress remembers",
  "Sejarah lisan: kenangan bekas pelakon mak yong",
  "Kota Bharu, Kelantan, Malaysia", "2000s", 2003, 2003, ORAL, EDU,
  "oral history, sejarah lisan, mak yong, makyong, kelantan, interview, women performers",
  """Recorded interview with a woman who performed in mak yong troupes from her teens, playing Mak Inang
  roles first and later the Pak Yong. She describes learning by imitation, the long night performances,
  travelling with the troupe to weddings and vows (niat) ceremonies, and the effect of the 1991 restrictions
  on her livelihood. She sings short passages to illustrate. Ninety minutes with a transcript."""),
I(A, "v", "Mak yong in the Riau islands",
  "Mak yong di Kepulauan Riau",
  "Bintan, Riau Islands, Indonesia", "2010s", 2011, 2012, SEA, EDU,
  "mak yong, makyong, riau, indonesia, mask, dance drama, video",
  """Video of a mak yong performance in the Riau islands of Indonesia, where the form has a separate
  history from the Kelantan tradition. A notable difference is the use of masks for some characters. The
  recording allows comparison with the Kelantan mak yong videos in this collection."""),

# ---- main puteri, menora, dikir barat ----
I(A, "v", "Main puteri healing performance",
  "Persembahan main puteri untuk perubatan",
  "Kelantan, Malaysia", "1980s", 1981, 1982, PERF, RR,
  "main puteri, tok puteri, tok minduk, rebab, trance, healing, ritual, kelantan",
  """Research video of a main puteri session, a Kelantanese healing performance. The Tok Puteri (the
  healer) enters trance while the Tok Minduk, who plays the rebab, questions the spirits believed to be
  speaking through him. The session aims to restore the patient's inner balance, often described with the
  idea of angin (inner 'wind'). Access is restricted out of respect for the participants; viewing is by
  appointment."""),
I(A, "d", "Main puteri: an introduction for researchers",
  "Main puteri: pengenalan untuk penyelidik",
  "Kelantan, Malaysia", "1990s", 1992, 1992, PERF, CC,
  "main puteri, healing, ritual, trance, angin, mak yong, kelantan, document",
  """Short essay on main puteri, the healing ritual of Kelantan in which music, dance and trance are used to
  treat illnesses thought to have spiritual causes. It describes the roles of Tok Puteri and Tok Minduk,
  the rebab and drums, and the ties between main puteri and mak yong, whose performers sometimes take part."""),
I(A, "v", "Menora performance by a Siamese community in Kelantan",
  "Persembahan menora oleh masyarakat Siam di Kelantan",
  "Tumpat, Kelantan, Malaysia", "1980s", 1987, 1987, PERF, EDU,
  "menora, nora, manora, siamese community, kelantan, dance drama, thai, video",
  """Video of menora, the dance drama of southern Thailand also performed by Siamese (Thai-speaking)
  communities in Kelantan, Kedah and Perlis. The lead dancer wears a glittering beaded costume, a tall
  pointed crown and long curved metal fingernails that extend the hand gestures. The ensemble of drums,
  oboe, gong and cymbals plays fast rhythms. The performance was held at a Buddhist temple fair in Tumpat."""),
I(A, "i", "Menora dancer's beaded costume and crown",
  "Pakaian manik dan mahkota penari menora",
  "Tumpat, Kelantan, Malaysia", "2000s", 2007, 2007, PERF, CC,
  "menora, nora, costume, beadwork, crown, siamese community, kelantan",
  """Detail photograph of a menora costume: a vest of coloured glass beads in a net pattern, a wing-like
  ornament at the hips, bangles, and the tall crown. The long curved fingernails lie beside it."""),
I(A, "v", "Dikir barat competition, Kota Bharu",
  "Pertandingan dikir barat, Kota Bharu",
  "Kota Bharu, Kelantan, Malaysia", "1990s", 1998, 1998, PERF, EDU,
  "dikir barat, tok juara, tukang karut, awok-awok, kelantan, competition, video",
  """Video of a dikir barat competition between two groups. Each group has a tok juara who leads the
  singing, a tukang karut who improvises witty, often teasing verses, and a chorus of awok-awok seated
  cross-legged in rows, who clap, sway and move their arms in unison. The rebana drums, gong and maracas
  keep the beat. The two groups answer each other in turn, and the audience responds loudly to the best
  lines."""),
I(A, "a", "Dikir barat songs recorded for radio",
  "Lagu-lagu dikir barat dirakam untuk radio",
  "Kota Bharu, Kelantan, Malaysia", "1980s", 1986, 1986, PERF, RR,
  "dikir barat, tukang karut, kelantan, radio, songs, audio",
  """Studio recording of dikir barat songs made for a regional radio station. The texts are in
  Kelantanese Malay and deal with everyday life, advice and humour. The tukang karut's improvised sections
  are shorter than in live contests."""),
I(A, "i", "Awok-awok chorus in matching baju Melayu",
  "Kumpulan awok-awok berbaju Melayu sedondon",
  "Kelantan, Malaysia", "2010s", 2016, 2016, PHOTO, CC,
  "dikir barat, awok-awok, baju melayu, kelantan, photograph",
  """Photograph of a dikir barat chorus, about fifteen young men sitting in two rows in matching baju
  Melayu and songkok, arms raised in a synchronised movement."""),
I(A, "d", "Dikir barat: form, roles and performance practice",
  "Dikir barat: bentuk, peranan dan amalan persembahan",
  "Kelantan, Malaysia", "2000s", 2002, 2002, PERF, CC,
  "dikir barat, tok juara, tukang karut, awok-awok, kelantan, document, essay",
  """Essay of about twenty pages on dikir barat, the group singing of Kelantan. The writer explains that
  dikir barat grew as entertainment in the first half of the twentieth century and became one of the most
  popular performing arts of Kelantan, with clubs in many villages, school competitions, and television
  contests. A performance is built on call and response between the lead singers and the seated chorus.
  The tok juara (sometimes called juara) opens with a song and sets the theme; the tukang karut, the most
  admired figure, improvises verses on the spot, drawing on pantun, current affairs and jokes aimed at the
  rival group; the awok-awok answer in chorus, clapping and moving their upper bodies in tight coordination.
  Percussion is simple: rebana drums of different sizes, a gong, maracas and sometimes a canang. The essay
  contrasts dikir barat with forms that were restricted in the 1990s, noting that dikir barat continued to be
  performed widely and has been used to carry public messages on health, road safety and elections. It also
  notes women's dikir groups and the spread of the form to other states and to universities."""),
]
