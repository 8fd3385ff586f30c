"""Korean particles chosen by the word before them, as a Korean writer would.

A Korean translation cannot know the values it will hold (a path, a class name, a number), and a
particle depends on how that value ends: ``텐서가`` but ``모듈이``, ``폴더로`` but ``경로로`` and
``파일로``. Templates therefore write both forms, ``{name}이(가)``, ``{path}(으)로``, and
:func:`resolve` picks one once the values are in, from the sound the preceding word ends with:

* a Hangul syllable: whether it has a final consonant (받침), and for ``(으)로`` whether that
  consonant is ㄹ (``서울로``);
* a digit, a letter or an acronym: as it is read aloud in Korean (``3은`` 삼은, ``2는`` 이는,
  ``URL로`` 유알엘로, ``graph.png로`` 피엔지로: l, m, n, r and the digits 0, 1, 3, 6, 7, 8 end in a
  consonant);
* an English word: as it is usually written in Hangul (``Module을`` 모듈, ``model로`` 모델,
  ``python은`` 파이썬, ``RuntimeError가`` 에러, ``tensor는`` 텐서, ``grad_out을`` 아웃,
  ``script를`` 스크립트);
* closing quotes are looked through (``'x'가``), and a parenthesis after a word is looked past,
  as Korean writers attach the particle to the word before it (``python(.venv 옆)은``).

Where nothing can be read (the text starts with the particle), the first form is kept.
"""

from __future__ import annotations

PAIRS: dict[str, tuple[str, str]] = {
    "이(가)": ("이", "가"),
    "가(이)": ("이", "가"),
    "은(는)": ("은", "는"),
    "는(은)": ("은", "는"),
    "을(를)": ("을", "를"),
    "를(을)": ("을", "를"),
    "과(와)": ("과", "와"),
    "와(과)": ("과", "와"),
    "(으)로": ("으로", "로"),
    "(이)나": ("이나", "나"),
    "(이)라": ("이라", "라"),
}
"""Each marker a template may use -> (after a final consonant, after a vowel)."""

CODE_MARKS = "\ue000\ue001"
"""The private-use characters the window puts where a template's backticks open and close a
code span (:func:`graphviz_app.qt.i18n.text`), looked through like quotes."""
_CLOSING = "'\"`’”]}>»」』 " + CODE_MARKS
"""Characters looked through to find the word a particle follows."""
_LOOK_BACK = 80
"""How far before a particle the word it follows is looked for: a parenthesis or quotes longer
than that are not looked past (so text of any shape is resolved in time linear in its length)."""
_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3
_RIEUL = 8
"""The index of ㄹ among the final consonants of a Hangul syllable."""
_DIGIT_ENDS = {"0": "n", "1": "l", "2": "", "3": "m", "4": "", "5": "", "6": "k", "7": "l", "8": "l", "9": ""}
"""How each digit's Korean reading ends (영, 일, 이, 삼, 사, 오, 육, 칠, 팔, 구): its final
consonant, ``"l"`` for ㄹ, ``""`` for a vowel."""
_LETTER_ENDS = {"l": "l", "m": "m", "n": "n", "r": "l"}
"""Latin letters whose name read in Korean ends in a consonant (엘, 엠, 엔, 알); the rest end in a
vowel (에이, 비, 씨, ...)."""


def _final_sound(text: str, end: int) -> str | None:
    """How the word ending just before ``text[end]`` sounds at its end: ``""`` a vowel, ``"l"`` ㄹ,
    another letter for another final consonant, None when there is no word."""
    k = end - 1
    stop = max(end - _LOOK_BACK, 0) - 1
    while k > stop and (text[k] in _CLOSING or text[k] == ")"):
        if text[k] == ")":  # look past the parenthesis to the word it follows
            depth = 0
            while k > stop:
                depth += {")": 1, "(": -1}.get(text[k], 0)
                k -= 1
                if depth == 0:
                    break
        else:
            k -= 1
    if k <= stop:
        return None
    char = text[k]
    code = ord(char)
    if _HANGUL_FIRST <= code <= _HANGUL_LAST:
        final = (code - _HANGUL_FIRST) % 28
        return "" if final == 0 else ("l" if final == _RIEUL else "k")
    if char in _DIGIT_ENDS:
        return _DIGIT_ENDS[char]
    if char.isascii() and char.isalpha():
        first = k
        while first > 0 and text[first - 1].isascii() and text[first - 1].isalpha():
            first -= 1
        word = text[first : k + 1]
        extension = first > 0 and text[first - 1] == "." and len(word) <= 4  # graph.png: 피엔지
        if len(word) == 1 or word.isupper() or extension:  # read letter by letter
            return _LETTER_ENDS.get(char.lower(), "")
        return _english_end(word.lower())
    return None


_VOWELS = "aeiou"


def _english_end(word: str) -> str:
    """How an English word written in Hangul usually ends (모듈, 모델, 프로그램, 펑션, 스트링, 스택;
    아웃, 인풋, 스텝, 북: a final consonant; 에러, 텐서, 토치, 스크립트, 플로트, 루프: a vowel)."""
    if word.endswith(("le", "l")):
        return "l"
    if word.endswith(("m", "n", "ng", "ck")) or _short_stop(word):
        return "k"
    return ""


def _short_stop(word: str) -> bool:
    """Whether ``word`` ends in p, t or k after one short vowel, which Korean writes as a final
    consonant (스텝, 포맷, 인풋, 아웃, 북) where after a long vowel or another consonant it adds
    ㅡ (루프, 플로트, 스크립트, 마스크): the loanword rule of 외래어 표기법, 제3장 제1절 제1항."""
    if len(word) < 2 or word[-1] not in "ptk" or word[-2] not in _VOWELS:
        return False
    pair = word[-3:-1]
    if pair == "ou" or (pair == "oo" and word[-1] == "k"):  # 아웃, 그룹, 북: written short
        return True
    return len(pair) < 2 or pair[0] not in _VOWELS


def resolve(text: str) -> str:
    """Return ``text`` with every particle marker (``이(가)``, ``(으)로``...) replaced by the form
    the word before it calls for."""
    if "(" not in text:
        return text
    out: list[str] = []
    start = 0
    k = text.find("(")
    while k >= 0:
        for marker, (after_consonant, after_vowel) in PAIRS.items():
            begin = k - 1 if marker[0] != "(" else k
            if begin < start or not text.startswith(marker, begin):
                continue
            sound = _final_sound(text, begin)
            if marker == "(으)로":
                form = after_vowel if sound in ("", "l") else after_consonant
            else:
                form = after_vowel if sound == "" else after_consonant
            out.append(text[start:begin])
            out.append(form)
            start = begin + len(marker)
            break
        k = text.find("(", max(k + 1, start))
    out.append(text[start:])
    return "".join(out)
