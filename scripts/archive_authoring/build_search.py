import json
from pathlib import Path

D = Path('/work/main/src/quarry/apps/archive/data')
items = [json.loads(x) for x in open(D / 'items.jsonl', encoding='utf-8')]


def T(i):
    return set(i['tags'])


def tag(*names):
    return lambda i: bool(T(i) & set(names))


def tagsub(s):
    return lambda i: any(s in t for t in i['tags'])


def media(m):
    return lambda i: i['media_type'] == m


def place(s):
    return lambda i: s.lower() in i['place'].lower()


def AND(*fs):
    return lambda i: all(f(i) for f in fs)


def OR(*fs):
    return lambda i: any(f(i) for f in fs)


def NOT(f):
    return lambda i: not f(i)


def before(y):
    return lambda i: i['year_to'] is not None and i['year_to'] < y


def topic(t):
    return lambda i: i['topic'] == t


WAYANG = tag('wayang kulit', 'wayang kulit purwa', 'sbek thom', 'nang yai')
WK = tag('wayang kulit')
BATIK = tag('batik')
BATIK_MY = AND(BATIK, NOT(tag('batik jawa')))
SONGKET = tag('songket')
KERIS = tag('keris')
MAKYONG = tag('mak yong')
ORAL = tag('oral history')
MSSJ = AND(OR(tagsub('manuscript'), tagsub('manuskrip'), tag('hikayat')), tag('jawi'))
ARCH = OR(topic('architecture'), tag('shophouse', 'clan jetties', 'khoo kongsi', 'rumah melayu', 'masjid'))

Q = [
  # (query, lang, kind, relevant, highly, filters)
  ("shadow puppets", "en", "synonym", WAYANG, WK, {}),
  ("shadow puppet theatre videos", "en", "synonym+media", AND(WAYANG, media('video')), AND(WK, media('video')), {"media_type": "video"}),
  ("show me videos about wayang kulit performances", "en", "media", AND(WAYANG, media('video')), AND(WK, media('video'), NOT(tag('puppet making'))), {"media_type": "video"}),
  ("wayang kulit", "ms", "direct", WAYANG, WK, {}),
  ("tunjukkan video wayang kulit", "ms", "media", AND(WAYANG, media('video')), AND(WK, media('video')), {"media_type": "video"}),
  ("wayang kulit puppets", "en", "direct", AND(WAYANG, OR(tag('puppet', 'patung wayang', 'puppet making', 'gunungan'), media('image'))), AND(WK, tag('patung wayang', 'puppet')), {}),
  ("Kelantan batik", "en", "broaden", BATIK, AND(BATIK_MY), {"place": "Kelantan"}),
  ("batik Kelantan", "ms", "broaden", BATIK, AND(BATIK_MY), {"place": "Kelantan"}),
  ("I want to see traditional batik from Kelantan", "en", "broaden", BATIK, AND(BATIK_MY), {"place": "Kelantan"}),
  ("batik Terengganu", "ms", "direct", BATIK, tag('batik terengganu'), {}),
  ("Malaysian batik", "en", "direct", BATIK_MY, tag('batik malaysia', 'malaysian batik'), {}),
  ("hand-drawn batik with canting", "en", "direct", BATIK, tag('batik canting', 'canting', 'batik lukis'), {}),
  ("block printed batik sarongs", "en", "direct", BATIK, tag('batik blok', 'batik cap'), {}),
  ("songket", "ms", "direct", SONGKET, tag('songket terengganu', 'songket kelantan', 'kain songket'), {}),
  ("kain songket", "ms", "synonym", SONGKET, tag('songket terengganu', 'songket kelantan', 'kain songket'), {}),
  ("gold thread brocade weaving", "en", "synonym", OR(SONGKET, tag('benang emas')), AND(SONGKET, tag('tenunan', 'weaving')), {}),
  ("songket weaving videos", "en", "media", AND(SONGKET, media('video')), AND(SONGKET, media('video'), tag('tenunan', 'weaving')), {"media_type": "video"}),
  ("gambar songket Terengganu", "ms", "media", AND(SONGKET, media('image')), AND(SONGKET, media('image'), place('terengganu')), {"media_type": "image"}),
  ("keris", "ms", "direct", KERIS, AND(KERIS, NOT(tag('silat'))), {}),
  ("kris daggers", "en", "synonym", KERIS, AND(KERIS, NOT(tag('silat', 'formal dress'))), {}),
  ("how a keris blade is forged", "en", "direct", AND(KERIS, OR(tag('keris making', 'pandai keris', 'pamor'))), tag('keris making', 'menempa keris'), {}),
  ("old keris from the 19th century or earlier", "en", "period", AND(KERIS, before(1900)), AND(KERIS, before(1900), media('image')), {"year_to": 1899}),
  ("mak yong", "ms", "direct", MAKYONG, AND(MAKYONG, NOT(tag('main puteri'))), {}),
  ("videos of mak yong", "en", "media", AND(MAKYONG, media('video')), AND(MAKYONG, media('video')), {"media_type": "video"}),
  ("makyong dance drama", "en", "synonym", MAKYONG, AND(MAKYONG, tag('dance drama')), {}),
  ("dondang sayang", "ms", "direct", tag('dondang sayang'), tag('dondang sayang'), {}),
  ("dondang sayang audio recordings", "en", "media", AND(tag('dondang sayang'), media('audio')), AND(tag('dondang sayang'), media('audio')), {"media_type": "audio"}),
  ("pantun singing", "en", "synonym", OR(tag('dondang sayang'), tag('pantun')), tag('dondang sayang'), {}),
  ("zapin dance", "en", "direct", tag('zapin'), AND(tag('zapin'), OR(media('video'), media('document'))), {}),
  ("tarian zapin Johor", "ms", "direct", tag('zapin'), AND(tag('zapin'), place('johor')), {}),
  ("silat", "ms", "direct", tag('silat'), AND(tag('silat'), NOT(tag('keris'))), {}),
  ("Malay martial arts", "en", "synonym", tag('silat'), tag('silat'), {}),
  ("dikir barat", "ms", "direct", tag('dikir barat'), tag('dikir barat'), {}),
  ("traditional Malay houses", "en", "direct", OR(tag('rumah melayu'), tag('rumah tradisional')), tag('rumah melayu'), {}),
  ("rumah tradisional Melayu", "ms", "direct", OR(tag('rumah melayu'), tag('rumah tradisional')), tag('rumah melayu'), {}),
  ("historical Georgetown heritage architecture photographs", "en", "media", AND(place('george town'), media('image'), ARCH), AND(place('george town'), media('image'), topic('architecture')), {"media_type": "image", "place": "George Town"}),
  ("George Town shophouses", "en", "direct", OR(tag('shophouse'), AND(place('george town'), topic('architecture'))), tag('shophouse'), {}),
  ("old mosques", "en", "direct", tag('masjid'), AND(tag('masjid'), OR(tag('timber mosque', 'tiered roof'), before(1940))), {}),
  ("masjid lama", "ms", "direct", tag('masjid'), tag('masjid'), {}),
  ("colonial buildings in Melaka", "en", "place", AND(place('melaka'), tag('dutch', 'portuguese', 'colonial architecture', 'a famosa', 'stadthuys', "st paul's church")), AND(place('melaka'), tag('dutch', 'portuguese', 'a famosa', 'stadthuys')), {"place": "Melaka"}),
  ("Iban longhouse", "en", "direct", tag('rumah panjang', 'longhouse'), AND(tag('rumah panjang'), tag('iban')), {}),
  ("rumah panjang", "ms", "direct", tag('rumah panjang', 'longhouse'), tag('rumah panjang'), {}),
  ("Gawai festival", "en", "direct", tag('gawai', 'gawai dayak'), tag('gawai dayak'), {}),
  ("Hari Raya celebrations", "en", "direct", tag('hari raya'), tag('hari raya aidilfitri', 'lemang', 'ketupat', 'dodol'), {}),
  ("Thaipusam at Batu Caves", "en", "direct", tag('thaipusam'), tag('thaipusam'), {}),
  ("Chinese New Year", "en", "direct", tag('chinese new year', 'chap goh mei'), tag('chinese new year'), {}),
  ("Nyonya food", "en", "direct", OR(tag('nyonya food'), AND(tag('peranakan'), tag('cencaluk', 'kuih', 'food', 'recipe'))), tag('nyonya food'), {}),
  ("masakan tradisional dan kuih", "ms", "direct", OR(tag('kuih', 'nyonya food', 'food', 'makanan', 'dodol', 'lemang', 'satay', 'laksa', 'budu', 'tempoyak', 'keropok lekor', 'sago', 'bubur lambuk', 'teh tarik', 'kopitiam', 'cencaluk', 'nasi kerabu')), tag('kuih', 'dodol'), {}),
  ("street food and hawkers", "en", "synonym", tag('street food', 'hawker', 'hawker culture', 'kopitiam'), tag('street food', 'hawker', 'hawker culture'), {}),
  ("Malay manuscripts in Jawi", "en", "direct", MSSJ, AND(MSSJ, media('document')), {}),
  ("manuskrip Melayu lama", "ms", "direct", OR(tag('manuscript', 'manuskrip')), AND(tag('manuscript', 'manuskrip'), tag('jawi')), {}),
  ("hikayat", "ms", "direct", tag('hikayat', 'hikayat hang tuah', 'hikayat abdullah'), tag('hikayat', 'hikayat hang tuah'), {}),
  ("Hang Tuah", "en", "direct", tag('hang tuah', 'hikayat hang tuah'), tag('hikayat hang tuah'), {}),
  ("oral history interviews", "en", "direct", ORAL, ORAL, {}),
  ("sejarah lisan", "ms", "synonym", ORAL, ORAL, {}),
  ("memories of tin mining", "en", "direct", tag('tin mining'), AND(tag('tin mining'), ORAL), {}),
  ("old photographs of tin mines", "en", "media", AND(tag('tin mining'), media('image')), AND(tag('tin mining'), media('image')), {"media_type": "image"}),
  ("rubber estate workers", "en", "direct", tag('rubber', 'rubber estate', 'estate workers'), tag('rubber estate', 'estate workers'), {}),
  ("Merdeka 1957 independence", "en", "direct", tag('merdeka'), tag('merdeka'), {}),
  ("Japanese occupation", "en", "direct", tag('japanese occupation'), tag('japanese occupation'), {}),
  ("pua kumbu", "ms", "direct", tag('pua kumbu'), tag('pua kumbu'), {}),
  ("ikat textiles of Borneo and the Philippines", "en", "direct", tag('ikat', 'warp ikat'), tag('ikat'), {}),
  ("wood carving", "en", "direct", tag('ukiran kayu', 'wood carving'), AND(tag('ukiran kayu', 'wood carving'), NOT(tag('mah meri'))), {}),
  ("ukiran kayu", "ms", "synonym", tag('ukiran kayu', 'wood carving', 'ukiran'), tag('ukiran kayu'), {}),
  ("labu sayong pottery", "en", "direct", tag('labu sayong', 'tembikar'), tag('labu sayong'), {}),
  ("tembikar", "ms", "synonym", tag('labu sayong', 'tembikar', 'pottery'), tag('tembikar'), {}),
  ("kite making", "en", "synonym", tag('wau'), tag('wau', 'kite making'), {}),
  ("traditional games", "en", "direct", tag('traditional game', 'permainan tradisional'), tag('permainan tradisional'), {}),
  ("Chinese opera in Penang", "en", "place", tag('chinese opera'), AND(tag('chinese opera'), place('penang')), {"place": "Penang"}),
  ("gamelan music", "en", "direct", tag('gamelan', 'gamelan melayu', 'gamelan bali', 'gong kebyar'), tag('gamelan melayu', 'gamelan'), {}),
  ("audio recordings of traditional music", "en", "media", AND(media('audio'), tag('muzik tradisional', 'audio', 'music')), AND(media('audio'), tag('muzik tradisional')), {"media_type": "audio"}),
  ("documents about bangsawan Malay opera", "en", "media", AND(tag('bangsawan')), AND(tag('bangsawan'), media('document')), {"media_type": "document"}),
  ("photographs of old Kuala Lumpur", "en", "period", AND(place('kuala lumpur'), media('image'), before(1960)), AND(place('kuala lumpur'), media('image'), before(1940)), {"media_type": "image", "year_to": 1959}),
  ("Peranakan Baba Nyonya heritage", "en", "direct", tag('peranakan', 'baba nyonya', 'nyonya'), tag('peranakan'), {}),
  ("gold embroidery tekat", "en", "direct", tag('tekat', 'keringkam', 'sulaman'), tag('tekat'), {}),
  ("Kadazandusun harvest festival", "en", "direct", tag('kaamatan', 'kadazandusun'), tag('kaamatan'), {}),
  ("Orang Asli", "ms", "direct", tag('orang asli'), tag('orang asli'), {}),
  ("shadow puppet traditions elsewhere in Southeast Asia", "en", "synonym", AND(WAYANG, topic('southeast asia')), AND(WAYANG, topic('southeast asia')), {}),
  ("Terengganu crafts", "en", "place", AND(place('terengganu'), topic('crafts and textiles')), AND(place('terengganu'), topic('crafts and textiles')), {"place": "Terengganu"}),
]

out = []
ids = {i['identifier'] for i in items}
for n, (q, lang, kind, rel, high, filt) in enumerate(Q, start=1):
    r = [i['identifier'] for i in items if rel(i)]
    h = [i['identifier'] for i in items if high(i) and rel(i)]
    assert r, q
    rec = {"id": f"S{n:03d}", "query": q, "lang": lang, "kind": kind, "relevant": r, "highly_relevant": h}
    if filt:
        rec["filters"] = filt
    out.append(rec)
    print(f"{n:3d} {len(r):3d} {len(h):3d} {q}")
(D / 'eval').mkdir(exist_ok=True)
with open(D / 'eval' / 'search.jsonl', 'w', encoding='utf-8') as f:
    for r in out:
        f.write(json.dumps(r, ensure_ascii=False) + '\n')
