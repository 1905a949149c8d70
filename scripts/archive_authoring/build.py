import json
from pathlib import Path
import build_common as b
from common import SEA

OUT = Path('/work/main/src/quarry/apps/archive/data')
OUT.mkdir(parents=True, exist_ok=True)
rows = []
for n, i in enumerate(b.items(), start=1):
    tags = list(dict.fromkeys(i['tags']))
    topic = 'southeast asia' if i['collection'] == SEA else i['area']
    rows.append({
        'identifier': f'ARC-{n:06d}',
        'title': i['title'], 'title_ms': i['title_ms'], 'description': i['description'],
        'tags': tags, 'media_type': i['media_type'], 'place': i['place'], 'period': i['period'],
        'year_from': i['year_from'], 'year_to': i['year_to'], 'collection': i['collection'],
        'rights': i['rights'], 'topic': topic,
    })
with open(OUT / 'items.jsonl', 'w', encoding='utf-8') as f:
    for r in rows:
        f.write(json.dumps(r, ensure_ascii=False) + '\n')
print(len(rows))
