import json
from pathlib import Path

D = Path('/work/main/src/quarry/apps/archive/data/eval')
H, U, X, G = "HERITAGE_SEARCH", "UNCLEAR", "UNRELATED", "GREETING"

EVAL = [
 # heritage search, English
 ("batik", H, "en"), ("traditional crafts", H, "en"), ("show me wayang kulit videos", H, "en"),
 ("hi, show me keris", H, "en"), ("show me videos about wayang kulit performances", H, "en"),
 ("I want to see traditional batik from Kelantan", H, "en"), ("shadow puppets", H, "en"),
 ("old photographs of Georgetown heritage buildings", H, "en"), ("songket from Terengganu", H, "en"),
 ("any recordings of dondang sayang?", H, "en"), ("videos of mak yong", H, "en"),
 ("Do you have manuscripts in Jawi script?", H, "en"), ("kris daggers with wavy blades", H, "en"),
 ("oral history interviews with tin miners", H, "en"), ("pictures of Iban longhouses", H, "en"),
 ("hello, I'm looking for zapin dance recordings", H, "en"), ("Malay martial arts", H, "en"),
 ("photos of old Kuala Lumpur", H, "en"), ("what do you have on Thaipusam at Batu Caves?", H, "en"),
 ("Nyonya recipes", H, "en"), ("documents about the Malay opera bangsawan", H, "en"),
 ("traditional Malay wooden houses", H, "en"), ("pua kumbu textiles", H, "en"),
 ("anything about the Japanese occupation?", H, "en"), ("Gawai celebrations in Sarawak", H, "en"),
 ("gamelan music audio", H, "en"), ("labu sayong", H, "en"), ("kite making in Kelantan", H, "en"),
 # heritage search, Malay
 ("tunjukkan video wayang kulit", H, "ms"), ("saya nak tengok gambar songket", H, "ms"),
 ("ada rakaman dondang sayang?", H, "ms"), ("keris lama", H, "ms"), ("cari manuskrip Jawi", H, "ms"),
 ("rumah tradisional Melayu", H, "ms"), ("tarian zapin Johor", H, "ms"), ("sejarah lisan penoreh getah", H, "ms"),
 ("gambar lama Kuala Lumpur", H, "ms"), ("video mak yong Kelantan", H, "ms"), ("ukiran kayu Terengganu", H, "ms"),
 ("batik Terengganu", H, "ms"), ("apa koleksi tentang Hari Raya?", H, "ms"), ("salam, saya cari bahan tentang silat", H, "ms"),
 ("masjid lama di Melaka", H, "ms"), ("tenunan pua kumbu Iban", H, "ms"), ("rakaman audio muzik gamelan", H, "ms"),
 ("dokumen tentang Batu Bersurat Terengganu", H, "ms"), ("labu sayong dari Kuala Kangsar", H, "ms"),
 ("wau bulan", H, "ms"), ("dikir barat", H, "ms"), ("pakaian tradisional Nyonya", H, "ms"),
 # unclear
 ("show me something", U, "en"), ("what do you have?", U, "en"), ("stuff", U, "en"), ("something old", U, "en"),
 ("anything interesting", U, "en"), ("more", U, "en"), ("pictures", U, "en"), ("I'm looking for something", U, "en"),
 ("can you find it for me", U, "en"), ("what else", U, "en"), ("videos", U, "en"), ("surprise me", U, "en"),
 ("tunjukkan sesuatu", U, "ms"), ("apa yang ada?", U, "ms"), ("barang lama", U, "ms"), ("cari sesuatu", U, "ms"),
 ("gambar", U, "ms"), ("apa-apa saja", U, "ms"), ("yang lain", U, "ms"), ("saya nak tengok", U, "ms"),
 ("tolong carikan", U, "ms"), ("benda menarik", U, "ms"), ("video", U, "ms"), ("koleksi", U, "ms"),
 # unrelated
 ("what's the weather?", X, "en"), ("what's the weather in Kuala Lumpur", X, "en"), ("how to cook rice?", X, "en"),
 ("tell me a joke", X, "en"), ("what is the exchange rate of the ringgit today", X, "en"), ("book me a flight to Penang", X, "en"),
 ("who won the football match last night", X, "en"), ("write me a python script", X, "en"), ("how do I reset my password", X, "en"),
 ("recommend a good hotel in Melaka", X, "en"), ("what is 17 times 23", X, "en"), ("translate 'good morning' into French", X, "en"),
 ("cuaca esok di Kota Bharu", X, "ms"), ("macam mana nak masak nasi", X, "ms"), ("ceritakan satu lawak", X, "ms"),
 ("harga minyak hari ini", X, "ms"), ("tempah tiket bas ke Johor Bahru", X, "ms"), ("siapa menang perlawanan bola semalam", X, "ms"),
 ("bagaimana nak buka akaun bank", X, "ms"), ("berapa kadar tukaran ringgit ke dolar", X, "ms"), ("resepi kek coklat yang mudah", X, "ms"),
 ("nombor telefon klinik berdekatan", X, "ms"), ("jadual waktu kereta api KTM", X, "ms"), ("beli telefon baru yang murah", X, "ms"),
 # greetings
 ("hello", G, "en"), ("hi there", G, "en"), ("how are you?", G, "en"), ("good morning", G, "en"), ("hey", G, "en"),
 ("good evening!", G, "en"), ("hi, who are you?", G, "en"), ("thanks, bye", G, "en"), ("nice to meet you", G, "en"),
 ("hello again", G, "en"), ("hiya", G, "en"),
 ("selamat pagi", G, "ms"), ("assalamualaikum", G, "ms"), ("apa khabar?", G, "ms"), ("hai", G, "ms"),
 ("selamat petang", G, "ms"), ("salam sejahtera", G, "ms"), ("terima kasih", G, "ms"), ("selamat malam", G, "ms"),
 ("hai, apa khabar semua?", G, "ms"), ("jumpa lagi", G, "ms"), ("helo", G, "ms"),
]

EXAMPLES = [
 # heritage
 ("show me songket weaving", H, "en"), ("wayang kulit performance recordings", H, "en"), ("keris photographs", H, "en"),
 ("mak yong dance drama", H, "en"), ("batik textiles", H, "en"), ("traditional Malay architecture", H, "en"),
 ("historical documents about Melaka", H, "en"), ("oral histories of fishermen", H, "en"), ("Chinese opera in Penang", H, "en"),
 ("old mosques", H, "en"), ("wood carving panels", H, "en"), ("festival videos", H, "en"), ("pottery from Perak", H, "en"),
 ("audio of traditional music", H, "en"), ("hi, find me dikir barat", H, "en"), ("photos of rubber tapping", H, "en"),
 ("hikayat manuscripts", H, "en"), ("Peranakan beadwork", H, "en"), ("Kadazandusun harvest festival", H, "en"),
 ("cari video silat", H, "ms"), ("gambar batik", H, "ms"), ("rakaman wayang kulit Kelantan", H, "ms"), ("songket Kelantan", H, "ms"),
 ("manuskrip Melayu", H, "ms"), ("sejarah lisan nelayan", H, "ms"), ("rumah panjang Iban", H, "ms"), ("kraf tangan tradisional", H, "ms"),
 ("tarian tradisional Sabah", H, "ms"), ("makanan tradisional Melayu", H, "ms"), ("hai, tunjukkan gambar keris", H, "ms"),
 ("seni bina kolonial Kuala Lumpur", H, "ms"), ("muzik nobat", H, "ms"), ("anyaman mengkuang", H, "ms"),
 # unclear
 ("show me stuff", U, "en"), ("what is in here", U, "en"), ("old things", U, "en"), ("anything", U, "en"),
 ("I want to look at something", U, "en"), ("images", U, "en"), ("find things", U, "en"), ("what can I see", U, "en"),
 ("tunjuk apa-apa", U, "ms"), ("benda lama", U, "ms"), ("ada apa?", U, "ms"), ("saya mahu cari", U, "ms"),
 ("tengok-tengok", U, "ms"), ("apa saja yang menarik", U, "ms"), ("rakaman", U, "ms"),
 # unrelated
 ("what time is it in London", X, "en"), ("is it going to rain today", X, "en"), ("give me a recipe for pasta", X, "en"),
 ("tell me something funny", X, "en"), ("what's the stock price of Petronas", X, "en"), ("help me write an email", X, "en"),
 ("best phone to buy this year", X, "en"), ("how far is the moon", X, "en"),
 ("hari ini hujan tak?", X, "ms"), ("cara masak mi goreng", X, "ms"), ("cerita lucu", X, "ms"), ("harga emas hari ini", X, "ms"),
 ("tolong tulis surat permohonan kerja", X, "ms"), ("keputusan bola sepak", X, "ms"), ("waktu solat hari ini", X, "ms"),
 # greetings
 ("hi", G, "en"), ("hello there", G, "en"), ("good afternoon", G, "en"), ("how's it going?", G, "en"), ("thank you", G, "en"),
 ("goodbye", G, "en"), ("hey, how are you doing", G, "en"),
 ("selamat tengah hari", G, "ms"), ("apa khabar", G, "ms"), ("salam", G, "ms"), ("hai semua", G, "ms"), ("terima kasih banyak", G, "ms"),
 ("selamat tinggal", G, "ms"), ("waalaikumsalam", G, "ms"),
 ("hello, do you have photos of the Penang clan jetties?", H, "en"), ("apa khabar, ada gambar labu sayong?", H, "ms"),
 ("random things", U, "en"), ("semua", U, "ms"), ("siapa presiden Amerika Syarikat", X, "ms"),
 ("how do I fix my car engine", X, "en"), ("morning!", G, "en"),
]

def norm(s):
    return " ".join(s.lower().split())

assert not {norm(t) for t, _, _ in EVAL} & {norm(t) for t, _, _ in EXAMPLES}
for name, rows in (("intents.jsonl", EVAL), ("intent_examples.jsonl", EXAMPLES)):
    assert len({norm(t) for t, _, _ in rows}) == len(rows), name
    with open(D / name, "w", encoding="utf-8") as f:
        for t, lab, lang in rows:
            f.write(json.dumps({"text": t, "label": lab, "lang": lang}, ensure_ascii=False) + "\n")
    from collections import Counter
    print(name, len(rows), Counter(l for _, l, _ in rows), Counter(g for _, _, g in rows))
