from common import *  # noqa

A = "performing arts"
ITEMS = [
I(A, "a", "Dondang sayang session at a Melaka wedding",
  "Dondang sayang di majlis perkahwinan di Melaka",
  "Melaka, Malaysia", "1970s", 1973, 1973, PERF, CC,
  "dondang sayang, pantun, melaka, baba nyonya, peranakan, biola, rebana, wedding, audio",
  """Reel-to-reel recording made at a Baba Nyonya wedding in Melaka, where a dondang sayang group was
  engaged for the evening. Dondang sayang is a sung exchange of pantun, the four-line Malay verse form,
  between two or more singers who answer one another's verses, often on themes of love, longing and advice,
  with teasing and wit. Here a man and a woman trade verses for nearly an hour, accompanied by a violin
  (biola), two rebana frame drums and a gong. Between songs guests can be heard laughing and calling out
  requests. The singers use Baba Malay in places, and the collector's notes record that the older guests
  judged the quality of the pantun more than the voices."""),
I(A, "v", "Dondang sayang performance by veteran singers",
  "Persembahan dondang sayang oleh penyanyi veteran",
  "Melaka, Malaysia", "2010s", 2018, 2019, PERF, CC,
  "dondang sayang, pantun, melaka, peranakan, unesco, biola, video",
  """Video of a dondang sayang concert in Melaka given the year UNESCO inscribed dondang sayang on the
  Representative List of the Intangible Cultural Heritage of Humanity (2018). Four veteran singers, Malay and
  Peranakan, improvise pantun in turn, with violin, rebana, gong and an accordion. The compère explains the
  form to the audience in between."""),
I(A, "d", "Dondang sayang pantun transcribed from performances",
  "Pantun dondang sayang yang ditranskripsi daripada persembahan",
  "Melaka, Malaysia", "1950s", 1952, 1958, MSS, PD,
  "dondang sayang, pantun, melaka, transcription, baba malay, document",
  """Exercise books containing about 300 pantun written down from dondang sayang sessions in Melaka in the
  1950s, in romanised Malay with some Baba Malay spellings. Each verse has the usual pantun shape: two lines
  of image (pembayang) followed by two lines carrying the meaning (maksud), linked by rhyme. Marginal notes
  show which verses were answers to which."""),
I(A, "a", "Oral history: a Peranakan dondang sayang singer",
  "Sejarah lisan: penyanyi dondang sayang Peranakan",
  "Melaka, Malaysia", "1990s", 1996, 1996, ORAL, EDU,
  "oral history, sejarah lisan, dondang sayang, peranakan, baba nyonya, melaka, pantun, interview",
  """Interview with an elderly Baba singer who sang dondang sayang at weddings and in friendly contests for
  more than fifty years. He explains how a good singer must know hundreds of pantun by heart yet also
  invent new ones on the spot to answer an opponent, describes the clubs that met in Melaka and Singapore,
  and recalls when the violinist would signal the end of an exchange. He also sings several verses. The
  interview is mainly in Baba Malay, with a summary in English."""),
I(A, "v", "Zapin Johor performed at a village celebration",
  "Tarian zapin Johor di majlis keraian kampung",
  "Muar, Johor, Malaysia", "1980s", 1984, 1984, PERF, EDU,
  "zapin, zapin johor, gambus, marwas, johor, tarian, dance, video",
  """Video of a zapin performance at a village celebration near Muar. Eight young men dance in pairs and
  lines with quick, light footwork, small turns and squats, while the ensemble plays gambus (a pear-shaped
  lute), violin and marwas hand drums. The gambus player opens with a free, unmetred solo (taksim) before the
  dancers enter. Zapin came to the Malay world with Arab, especially Hadhrami, traders and settlers and is
  closely associated with Johor."""),
I(A, "d", "Zapin in Johor: history and styles",
  "Zapin di Johor: sejarah dan gaya",
  "Johor, Malaysia", "1990s", 1995, 1995, PERF, CC,
  "zapin, zapin melayu, zapin arab, johor, hadhrami, gambus, marwas, tarian, document",
  """A report on zapin in Johor, written from interviews with dancers and musicians in Muar, Batu Pahat and
  other districts. The author traces zapin to dances brought by Hadhrami Arab communities, who settled in
  the ports of the Malay world over several centuries, and explains the distinction commonly drawn between
  zapin Arab, kept up within families of Arab descent and originally danced only by men, and zapin Melayu,
  the Malay form that spread through villages and developed many local variants with their own names and
  step sequences. The report describes the core elements shared by most variants: a solo gambus
  introduction (taksim), a series of step patterns danced forwards and backwards along a line, turns,
  squatting movements, and a closing passage. The basic music ensemble is the gambus with marwas hand drums,
  often joined by a violin, a dok drum or an accordion. The writer notes how zapin was taken up by schools,
  cultural troupes and choreographers from the 1970s, who created stage versions with women dancers and
  larger groups, and how competitions helped keep older village styles alive. Photographs of step diagrams
  and of a gambus maker's workshop are included as appendices."""),
I(A, "i", "Gambus and marwas used for zapin",
  "Gambus dan marwas untuk iringan zapin",
  "Batu Pahat, Johor, Malaysia", "2000s", 2008, 2008, PERF, CC,
  "zapin, gambus, marwas, musical instrument, alat muzik, johor",
  """Photograph of a gambus, the short-necked lute with a rounded wooden body and skin-covered soundboard,
  resting beside three marwas, small double-headed hand drums. The instruments belong to a zapin group."""),
I(A, "v", "Zapin stage choreography, Kuala Lumpur",
  "Koreografi zapin di pentas, Kuala Lumpur",
  "Kuala Lumpur, Malaysia", "2010s", 2013, 2013, PERF, EDU,
  "zapin, tarian, dance, choreography, kuala lumpur, video",
  """Recording of a contemporary stage work built on zapin steps, danced by a mixed company of men and
  women. The choreographer keeps the traditional footwork and the gambus-led music but changes the
  formations and adds slow passages."""),
I(A, "v", "Joget at a Melaka Portuguese Settlement festival",
  "Joget di perayaan Perkampungan Portugis Melaka",
  "Melaka, Malaysia", "2000s", 2005, 2005, PERF, CC,
  "joget, branyo, kristang, portuguese settlement, melaka, dance, video",
  """Video of couples dancing joget and branyo at an evening festival in the Portuguese Settlement of
  Melaka, home of the Kristang (Portuguese-Eurasian) community. Branyo is the Kristang dance from which, it is
  widely held, the lively Malay joget took much of its rhythm and style. Partners face each other and move
  briskly without touching, to violin, guitar and tambourine."""),
I(A, "i", "Joget dancers at an amusement park stage",
  "Penari joget di pentas taman hiburan",
  "Kuala Lumpur, Malaysia", "1950s", 1955, 1958, PHOTO, PD,
  "joget, joget moden, amusement park, kuala lumpur, dance hall, photograph",
  """Black-and-white photograph of a joget stage at an amusement park. In the 1950s such parks in Kuala
  Lumpur, Singapore and Penang employed joget girls with whom patrons bought tickets to dance. A small band
  with violin and drums plays at the back."""),
I(A, "d", "Joget: from court and village to the dance hall",
  "Joget: dari istana dan kampung ke dewan tari",
  "Malaysia", "2000s", 2004, 2004, PERF, CC,
  "joget, branyo, joget gamelan, dance, tarian, history, document",
  """Essay on the many forms that carry the name joget: the fast social couple dance with Portuguese-influenced
  rhythms popular at weddings and fairs, the commercial joget of 1950s amusement parks, and joget gamelan,
  the refined court dance of Pahang and Terengganu performed to the gamelan Melayu. The author stresses that
  the shared name hides very different histories."""),
I(A, "v", "Gamelan Melayu performance, Kuala Terengganu",
  "Persembahan gamelan Melayu, Kuala Terengganu",
  "Kuala Terengganu, Terengganu, Malaysia", "1990s", 1992, 1992, PERF, EDU,
  "gamelan melayu, gamelan terengganu, joget gamelan, terengganu, court music, video",
  """Video of a gamelan Melayu ensemble with dancers in Kuala Terengganu. The ensemble is smaller than a
  Javanese gamelan: a pair of large hanging gongs, the kenong set of horizontal gong-kettles, the
  metallophones called saron, a wooden xylophone (gambang) and a drum. Women dancers in court costume
  perform slow, graceful joget gamelan pieces."""),
I(A, "d", "The gamelan Melayu of Pahang and Terengganu: a history",
  "Sejarah gamelan Melayu Pahang dan Terengganu",
  "Terengganu, Malaysia", "1980s", 1983, 1983, PERF, CC,
  "gamelan melayu, gamelan terengganu, joget gamelan, pahang, terengganu, riau-lingga, court music, document",
  """Printed paper of about 25 pages on the history of the Malay gamelan. According to the account given,
  the ensemble and its dances reached the Pahang court from the Riau-Lingga court in the nineteenth century,
  and from Pahang they were taken to Terengganu, where the court kept the tradition alive in the first half
  of the twentieth century. The court orchestra and dancers performed for royal occasions, and members of the
  royal household were closely involved in teaching the dances. After a period of decline, the instruments
  and the knowledge of surviving musicians were used from the 1960s onwards to revive gamelan Melayu as a
  national art, taught at universities and cultural institutions. The paper lists the instruments, explains
  why the music is described as 'Malay' despite its Javanese origins (the tuning, repertoire and dance style
  developed in the Malay courts), and includes a table of pieces known from the Terengganu court with notes on
  which have dances attached. It argues that the gamelan Melayu is one of the clearest examples of a court art
  that crossed political borders within the Malay world."""),
I(A, "i", "Saron and kenong of a gamelan Melayu set",
  "Saron dan kenong set gamelan Melayu",
  "Kuala Terengganu, Terengganu, Malaysia", "2000s", 2006, 2006, PERF, CC,
  "gamelan melayu, saron, kenong, alat muzik, musical instrument, terengganu",
  """Photograph of bronze saron keys resting on carved wooden frames painted red and gold, and a row of
  kenong gong-kettles on cords, part of a gamelan Melayu set."""),
I(A, "v", "Bangsawan revival production, Kuala Lumpur",
  "Pementasan semula bangsawan, Kuala Lumpur",
  "Kuala Lumpur, Malaysia", "1990s", 1997, 1997, PERF, EDU,
  "bangsawan, malay opera, teater melayu, extra turn, kuala lumpur, video",
  """Video of a bangsawan revival staged in Kuala Lumpur. Bangsawan, often called Malay opera, is a
  commercial popular theatre that emerged in Penang in the late nineteenth century and was carried by
  touring troupes across Malaya, Singapore, Sumatra and Borneo. This production uses painted backdrops that
  are changed between scenes, a story of a prince and princess from a hikayat, and 'extra turns', short
  song-and-dance numbers played in front of the curtain while the scenery is changed. The orchestra mixes
  violin, piano, drums and Malay percussion."""),
I(A, "d", "Bangsawan playbills and troupe advertisements",
  "Poster dan iklan rombongan bangsawan",
  "Penang, Malaysia", "1920s–1930s", 1920, 1939, MSS, PD,
  "bangsawan, playbill, malay opera, penang, singapore, advertisement, document",
  """A folder of printed handbills and newspaper cuttings advertising bangsawan performances in Penang and
  Singapore. Troupes announced their plays, which drew on Malay hikayat, the Arabian Nights, Indian, Chinese
  and European stories, promised new scenery and costumes, and named their leading ladies and comedians.
  Several bills list ticket prices by class of seat. The texts are in romanised Malay and Jawi, some with
  English."""),
I(A, "a", "Oral history: a bangsawan actor of the 1940s and 1950s",
  "Sejarah lisan: pelakon bangsawan tahun 1940-an dan 1950-an",
  "Singapore", "1980s", 1982, 1982, ORAL, EDU,
  "oral history, sejarah lisan, bangsawan, malay opera, touring troupe, singapore, interview",
  """Interview with a retired bangsawan actor who joined a touring troupe as a teenager and played heroes and
  comic roles. He describes life on tour: travelling by train and steamer, performing in halls and temporary
  theatres in small towns, and working without written scripts, as the manager outlined each scene and the
  actors improvised dialogue. He recalls the hardship of the Japanese occupation and how films drew audiences
  away in the 1950s. About 100 minutes, in Malay, with a summary."""),
I(A, "d", "Bangsawan: the rise and decline of a popular theatre",
  "Bangsawan: kebangkitan dan kemerosotan teater popular",
  "Malaysia", "1990s", 1999, 1999, PERF, CC,
  "bangsawan, malay opera, wayang parsi, teater melayu, penang, history, document",
  """A long essay on the history of bangsawan. The writer explains that in the 1870s and 1880s touring Parsi
  theatre companies from Bombay performed in Penang and Singapore, and that local companies soon copied their
  mix of music, spectacle and melodrama, performing in Malay. The first bangsawan troupes were formed in
  Penang in the 1880s, and the form spread rapidly. Its stories came from anywhere: Malay hikayat, Islamic
  tales, the Arabian Nights, Chinese and Indian legends and even Shakespeare. Its strength was its
  flexibility: scripts were rarely written, actors improvised to a plot outline, new songs and dances were
  borrowed from the latest fashions, and 'extra turns' between acts kept audiences entertained. Painted
  backdrops and wings showed palaces, gardens and forests. Bangsawan reached its peak in the 1920s and 1930s,
  when famous troupes toured Malaya, Singapore, Sumatra, Java and Borneo and leading actresses were stars.
  Decline came with the Japanese occupation, cinema and later television, though many early Malay film
  actors and musicians came from bangsawan. The essay ends with government-supported revivals from the
  1970s onward, which fixed scripts and costumes for the stage, and asks whether a form built on
  improvisation can survive as a preserved art."""),
I(A, "v", "Silat performance at a wedding procession",
  "Persembahan silat di majlis perkahwinan",
  "Kuala Kangsar, Perak, Malaysia", "2000s", 2007, 2007, PERF, CC,
  "silat, silat pulut, seni silat, wedding, gendang silat, perak, video",
  """Video of two silat exponents performing before the bridegroom's procession reaches the bride's house.
  This kind of display, often called silat pulut, emphasises graceful, flowing movements (bunga) rather
  than combat. The gendang silat ensemble of two drums, a serunai and a small gong accompanies them. The
  performers begin by saluting each other and the hosts."""),
I(A, "v", "Silat training at a village gelanggang",
  "Latihan silat di gelanggang kampung",
  "Kedah, Malaysia", "1980s", 1988, 1988, PERF, EDU,
  "silat, seni silat, gelanggang, guru silat, martial art, seni bela diri, kedah, video",
  """Recording of an evening training session at a silat gelanggang, an open training ground, in a Kedah
  village. The guru leads students through stances, footwork patterns and paired drills, and demonstrates
  how techniques are applied in a sequence. Older students help the beginners. Senior members explain that
  training traditionally began after a ceremony in which the student was formally accepted by the teacher."""),
I(A, "d", "Silat: martial art, dance and heritage — background paper",
  "Silat: seni bela diri, tarian dan warisan — kertas latar",
  "Malaysia", "2010s", 2019, 2019, PERF, CC,
  "silat, seni silat, silat melayu, unesco, martial art, seni bela diri, document",
  """Background paper on silat in Malaysia, prepared when silat was inscribed by UNESCO on the
  Representative List of the Intangible Cultural Heritage of Humanity in 2019. Silat is the Malay art of
  self-defence, practised across the Malay world under names such as silat and pencak silat. The paper
  describes the elements common to most schools: respect for the teacher (guru), a formal opening and
  closing, the artistic and dance-like side of movement (bunga or tari), and the applied techniques
  (buah). It explains how training takes place in a gelanggang, how students progress, and how silat values
  include self-discipline, courtesy and religious observance. There are sections on the use of silat in
  weddings and welcoming ceremonies, on the gendang silat music ensemble of drums, serunai and gong, and on
  the many named styles (aliran) in Malaysia, some with associations in every state. The paper also mentions
  the weapons sometimes taught at advanced levels, including the keris and the short curved blade known as
  kerambit. It closes with a section on competitions and the development of silat as a sport."""),
I(A, "i", "Silat exponents in a frozen pose",
  "Pesilat dalam gaya bunga silat",
  "Melaka, Malaysia", "1960s", 1962, 1965, PHOTO, PD,
  "silat, seni silat, pesilat, melaka, photograph",
  """Black-and-white photograph of two silat exponents wearing black outfits and tengkolok, facing each
  other in a low stance on a sandy yard, arms extended in a bunga movement. Spectators stand in a circle."""),
I(A, "a", "Gendang silat music",
  "Muzik gendang silat",
  "Terengganu, Malaysia", "1990s", 1991, 1991, PERF, CC,
  "silat, gendang silat, serunai, gendang, gong, muzik tradisional, audio",
  """Recording of a gendang silat ensemble: two double-headed drums, one of which leads, a serunai oboe and a
  gong. The music starts slowly for the salutation and speeds up as a silat display intensifies."""),
I(A, "v", "Kompang group at a bridegroom's procession",
  "Kumpulan kompang mengiringi perarakan pengantin lelaki",
  "Shah Alam, Selangor, Malaysia", "2010s", 2015, 2015, FEST, CC,
  "kompang, perarakan pengantin, wedding, perkahwinan, selangor, video",
  """Video of a group of about twenty kompang players leading a bridegroom from the road to the bride's
  house. The kompang is a single-headed frame drum with a goatskin head, held in one hand and struck with
  the other. Players divide into groups whose interlocking rhythms create a dense pattern, and they sing
  praise verses between passages."""),
I(A, "i", "Kompang drums drying in the sun",
  "Kompang dijemur di bawah matahari",
  "Selangor, Malaysia", "2000s", 2009, 2009, PERF, CC,
  "kompang, musical instrument, alat muzik, frame drum, selangor, photograph",
  """Photograph of a row of kompang drums laid out in sunshine before a performance. Warming the skin
  tightens it and brightens the sound."""),
I(A, "a", "Kompang and hadrah recording, Johor",
  "Rakaman kompang dan hadrah, Johor",
  "Johor Bahru, Johor, Malaysia", "1980s", 1985, 1985, PERF, EDU,
  "kompang, hadrah, rebana, religious songs, johor, audio",
  """Cassette of a kompang group from Johor Bahru playing processional rhythms, followed by hadrah songs,
  religious verses sung with frame drums, performed at a Maulud gathering."""),
I(A, "v", "Boria troupe performance in George Town",
  "Persembahan kumpulan boria di George Town",
  "George Town, Penang, Malaysia", "1990s", 1995, 1995, PERF, EDU,
  "boria, penang, pulau pinang, satire, tukang karang, george town, video",
  """Video of a boria performance at a community event in George Town. Boria is a Penang musical theatre in
  which a short comic sketch is followed by songs led by a lead singer, the tukang karang, and a uniformed
  chorus who sing and dance in lines behind him. The songs comment on current events and social problems
  with humour. Boria is associated with the Jawi Peranakan and Malay communities of Penang and grew from
  processions held during Muharram in the nineteenth century."""),
I(A, "d", "Boria in Penang: notes and lyrics",
  "Boria di Pulau Pinang: catatan dan lirik",
  "George Town, Penang, Malaysia", "1960s", 1960, 1968, MSS, PD,
  "boria, penang, lyrics, satire, jawi peranakan, document",
  """Notebooks of song lyrics written for boria contests in Penang, with notes on troupes, costumes and the
  themes judged each year. Many songs poke fun at officials, prices and manners."""),
I(A, "v", "Chingay flag-balancing procession in Penang",
  "Perarakan chingay mengimbang panji di Pulau Pinang",
  "George Town, Penang, Malaysia", "1980s", 1986, 1986, FEST, EDU,
  "chingay, flag balancing, penang, pulau pinang, procession, chinese community, video",
  """Video of a Penang chingay procession in which performers balance giant flags on tall bamboo poles. The
  flags, embroidered banners several metres high, are tossed from the forehead to the shoulder, the palm or
  the chin while drums and cymbals play. Crowds line the streets of George Town."""),
I(A, "i", "Chingay parade floats in Singapore",
  "Kenderaan perarakan Chingay di Singapura",
  "Singapore", "1980s", 1985, 1989, SEA, EDU,
  "chingay, parade, singapore, street parade, photograph",
  """Colour photograph of the Chingay Parade in Singapore, an annual street parade held around Chinese New
  Year since 1973, showing decorated floats, lion dancers and performers from several communities."""),
I(A, "v", "Teochew opera on a temporary stage during the Hungry Ghost Festival",
  "Opera Teochew di pentas sementara semasa Pesta Hantu Lapar",
  "George Town, Penang, Malaysia", "2000s", 2008, 2008, PERF, CC,
  "chinese opera, teochew opera, hungry ghost festival, phor tor, penang, street opera, video",
  """Video of a Teochew opera performed at night on a temporary wooden stage during the seventh lunar month,
  the Hungry Ghost Festival (known in Penang as Phor Tor). Such performances are offered to entertain the
  wandering spirits as well as the living, and the front row of seats is left empty for the unseen guests.
  The actors, in elaborate costume and painted faces, sing to percussion, strings and wind instruments.
  Backstage scenes show actors applying make-up."""),
I(A, "i", "Hokkien opera actors backstage",
  "Pelakon opera Hokkien di belakang pentas",
  "George Town, Penang, Malaysia", "1970s", 1974, 1978, PHOTO, CC,
  "chinese opera, hokkien opera, penang, backstage, make-up, photograph",
  """Photograph of two actresses in a Hokkien opera troupe preparing behind the stage, one painting her
  eyebrows in a hand mirror, the other fixing a headdress of pompoms and beads."""),
I(A, "a", "Oral history: a Penang street opera performer",
  "Sejarah lisan: pelakon opera jalanan Pulau Pinang",
  "George Town, Penang, Malaysia", "2000s", 2009, 2009, ORAL, EDU,
  "oral history, sejarah lisan, chinese opera, hokkien opera, teochew opera, penang, interview",
  """Interview in Hokkien, with English summary, with a woman who performed with opera troupes in Penang
  from the 1960s. She talks about learning the roles in her teens, touring temple festivals across the
  northern states, and the decline of audiences, and says that festival opera survived largely because
  temples kept commissioning performances for the gods and for the spirits."""),
I(A, "v", "Potehi glove puppet show at a temple festival",
  "Persembahan boneka sarung tangan potehi di pesta kuil",
  "George Town, Penang, Malaysia", "2010s", 2012, 2012, PERF, CC,
  "potehi, glove puppetry, hokkien, chinese community, penang, temple, video",
  """Video of potehi, Hokkien glove-puppet theatre, performed in a small decorated booth opposite a temple
  altar. Two puppeteers work carved wooden-headed puppets to the music of gongs, drums and a suona."""),
I(A, "a", "Ghazal Johor with harmonium and tabla",
  "Ghazal Johor dengan harmonium dan tabla",
  "Johor Bahru, Johor, Malaysia", "1960s", 1965, 1968, PERF, PD,
  "ghazal, ghazal johor, harmonium, tabla, gambus, johor, muzik tradisional, audio",
  """Radio recording of Malay ghazal from Johor. The ensemble uses harmonium, tabla, gambus, violin and
  guitar, reflecting Indian and Arab influences, and the singer performs love poems in a slow, ornamented
  style. Ghazal was popular at the Johor court and became a symbol of the state's musical life."""),
I(A, "a", "Keroncong songs by a Kuala Lumpur orchestra",
  "Lagu-lagu keroncong oleh sebuah orkes di Kuala Lumpur",
  "Kuala Lumpur, Malaysia", "1950s", 1955, 1959, PERF, PD,
  "keroncong, kroncong, orkes, cak, cuk, portuguese influence, audio",
  """Shellac disc transfers of keroncong songs. Keroncong developed among Portuguese-descended communities
  in Java and spread across the Malay world; its small ukulele-like instruments (cak and cuk), plucked cello
  and guitar give a gently rippling sound behind a lyrical voice and violin or flute."""),
I(A, "d", "The royal nobat: instruments and occasions",
  "Nobat diraja: alat muzik dan majlis",
  "Malaysia", "2000s", 2001, 2001, PERF, CC,
  "nobat, royal orchestra, nafiri, nehara, serunai, gendang, sultan, pertabalan, document",
  """Report on the nobat, the royal ensemble of several Malay sultanates, played only in the service of a
  ruler. The nobat's instruments are the nehara (a kettle drum), two double-headed gendang, the serunai oboe
  and the long silver trumpet called nafiri. It is played at installations (pertabalan) of rulers, royal
  weddings and funerals, and certain religious occasions. The report notes that the instruments are treated
  as regalia, that the musicians traditionally held their position by descent, and that the ensemble's
  origin is usually traced to the Melaka sultanate. It compares the surviving nobat of Kedah, Perak,
  Selangor and Terengganu, and Brunei's nobat."""),
I(A, "a", "Nobat music recorded at a royal installation",
  "Muzik nobat dirakam di majlis pertabalan",
  "Malaysia", "1980s", 1984, 1984, PERF, RR,
  "nobat, royal orchestra, nafiri, pertabalan, sultan, audio",
  """Audio recording of nobat pieces played during a royal installation ceremony, made with permission of
  the palace. The high, piercing nafiri and serunai sound over the deep nehara. Listening access only."""),
I(A, "v", "Ulek mayang ritual dance, Terengganu",
  "Tarian ulek mayang, Terengganu",
  "Kuala Terengganu, Terengganu, Malaysia", "1990s", 1994, 1994, PERF, EDU,
  "ulek mayang, ulik mayang, terengganu, ritual dance, mayang pinang, fishermen, tarian",
  """Video of ulek mayang, a Terengganu dance derived from a healing ritual of the fishing communities. In
  the story behind it, a fisherman is made unconscious by sea spirits, and a healer with a spray of areca
  palm blossom (mayang pinang) calls on the princesses of the sea to release him. Dancers sway around a
  central figure holding the blossom while women sing the well-known Ulek Mayang song."""),
I(A, "v", "Mek mulung performance in Kedah",
  "Persembahan mek mulung di Kedah",
  "Jitra, Kedah, Malaysia", "2000s", 2006, 2006, PERF, EDU,
  "mek mulung, kedah, dance drama, teater tradisional, video",
  """Video of mek mulung, a rare dance drama of Kedah associated with a village near Jitra. Like mak yong it
  combines singing, dance and comic dialogue around royal stories, but its music, costumes and opening rites
  are its own. The recording preserves a full performance by the village troupe."""),
I(A, "a", "Caklempong ensemble, Negeri Sembilan",
  "Ensembel caklempong, Negeri Sembilan",
  "Kuala Pilah, Negeri Sembilan, Malaysia", "1980s", 1987, 1987, PERF, CC,
  "caklempong, talempong, minangkabau, negeri sembilan, gong chime, muzik tradisional, audio",
  """Recording of caklempong, the ensemble of small bronze gong-kettles of Minangkabau origin that is the
  characteristic music of Negeri Sembilan. Several players share the kettles and interlock their parts,
  with drums and a flute. Played at weddings and celebrations."""),
I(A, "v", "Sape player from an Orang Ulu longhouse",
  "Pemain sape dari rumah panjang Orang Ulu",
  "Baram, Sarawak, Malaysia", "2000s", 2003, 2003, PERF, CC,
  "sape, sampeh, orang ulu, kenyah, kayan, sarawak, musical instrument, video",
  """Video of a Kenyah musician playing the sape, the boat-shaped lute carved from a single block of wood,
  on the verandah of a longhouse in the Baram area. He plays repeated melodic patterns for a dancer
  performing with hornbill feathers held in her hands."""),
I(A, "i", "Carved and painted sape",
  "Sape yang diukir dan dicat",
  "Sarawak, Malaysia", "2010s", 2014, 2014, CRAFT, CC,
  "sape, sampeh, orang ulu, sarawak, musical instrument, carving, photograph",
  """Photograph of a sape painted with curling Orang Ulu motifs in black, white and red. Older sape had two
  or three strings; newer ones often have four or more."""),
I(A, "v", "Sumazau dance at the Kaamatan festival",
  "Tarian sumazau semasa Pesta Kaamatan",
  "Penampang, Sabah, Malaysia", "2000s", 2008, 2008, FEST, CC,
  "sumazau, kadazandusun, kaamatan, sabah, dance, tarian, gong, video",
  """Video of Kadazandusun dancers in black costumes trimmed with gold performing the sumazau. Men and women
  face each other and raise their arms like the wings of a bird in flight, stepping in time to an ensemble of
  gongs and a drum. The sumazau is danced at the Kaamatan harvest festival and at weddings."""),
I(A, "v", "Ngajat warrior dance at Gawai",
  "Tarian ngajat semasa Gawai",
  "Sri Aman, Sarawak, Malaysia", "1990s", 1996, 1996, FEST, CC,
  "ngajat, iban, gawai, gawai dayak, sarawak, dance, tarian, longhouse, video",
  """Video of Iban men performing the ngajat on the ruai, the covered gallery of a longhouse, during Gawai.
  They wear headdresses with hornbill feathers and carry a shield and a sword, moving slowly and crouching,
  then leaping, to gongs and drums. Women later dance a gentler ngajat."""),
I(A, "a", "Sompoton mouth-organ tunes",
  "Lagu-lagu sompoton",
  "Tambunan, Sabah, Malaysia", "1980s", 1989, 1989, PERF, CC,
  "sompoton, kadazandusun, sabah, mouth organ, musical instrument, audio",
  """Recording of solo sompoton, the Kadazandusun mouth organ made of a dried gourd wind-chest with a set of
  bamboo pipes. The player breathes in and out to sound chords and melodies."""),
I(A, "v", "24 Festive Drums performance",
  "Persembahan 24 Gendang Perayaan",
  "Johor Bahru, Johor, Malaysia", "2000s", 2009, 2009, PERF, CC,
  "24 festive drums, 24 jie ling gu, chinese drums, johor bahru, performance, video",
  """Video of a 24 Festive Drums troupe of secondary-school students. The art was created in Johor Bahru in
  1988; each of the twenty-four drums represents one of the twenty-four solar terms of the traditional
  Chinese agricultural calendar, whose names are painted on the drums. Drummers combine strong rhythms with
  choreographed movement."""),
I(A, "v", "Lion dance on high poles",
  "Tarian singa di atas tiang tinggi",
  "Muar, Johor, Malaysia", "2010s", 2017, 2017, FEST, CC,
  "lion dance, tarian singa, chinese new year, high pole, chinese community, video",
  """Video of a southern-style lion dance performed on a course of steel poles, with two dancers in each lion
  leaping from pole to pole. Malaysian troupes are widely known for this high-pole style in competitions.
  Recorded during Chinese New Year."""),
I(A, "v", "Kuda kepang trance dance, Johor",
  "Tarian kuda kepang, Johor",
  "Batu Pahat, Johor, Malaysia", "1990s", 1998, 1998, PERF, EDU,
  "kuda kepang, javanese, johor, trance dance, hobby horse, video",
  """Video of kuda kepang, a dance of Javanese origin performed in Johor, in which dancers ride flat woven
  hobby horses and may enter trance to the music of gongs and drums. A handler (the bomoh or leader) brings
  the dancers out of trance at the end."""),
]
