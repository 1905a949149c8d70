import b1, b2, b3, b4, b5, b6, b7, b8
import fix, fix2a
try:
    import fix2b
    EX = [fix.EXTRA, fix2a.EXTRA, fix2b.EXTRA, fix2b.EXTRA2]
except ImportError:
    EX = [fix.EXTRA, fix2a.EXTRA]

def items():
    out = [i for m in (b1, b2, b3, b4, b5, b6, b7, b8) for i in m.ITEMS]
    for e in EX:
        for k in e:
            assert any(i['title'] == k for i in out), k
    for i in out:
        for e in EX:
            if i['title'] in e:
                i['description'] += ' ' + ' '.join(e[i['title']].split())
    return out
