"""Korean particles are chosen by the word before them (checked against how a Korean reads it)."""

from __future__ import annotations

import pytest

from graphviz_app.particles import resolve


@pytest.mark.parametrize(
    "text, expected",
    [
        ("{x}이(가)".replace("{x}", "텐서"), "텐서가"),
        ("모듈이(가) 없습니다", "모듈이 없습니다"),
        ("파일을(를) 엽니다", "파일을 엽니다"),
        ("그래프을(를) 엽니다", "그래프를 엽니다"),
        ("값은(는) 0입니다", "값은 0입니다"),
        ("노드은(는) 4개", "노드는 4개"),
        ("폴더(으)로 내보냈습니다", "폴더로 내보냈습니다"),
        ("서울(으)로", "서울로"),  # ㄹ takes 로
        ("경로(으)로", "경로로"),
        ("결과물(으)로", "결과물로"),  # 물: ㄹ
        ("책상(으)로", "책상으로"),
        ("/tmp/proj/.venv(으)로 실행했습니다", "/tmp/proj/.venv로 실행했습니다"),  # 브이
        ("RuntimeError이(가) 발생했습니다", "RuntimeError가 발생했습니다"),  # 에러
        ("URL(으)로", "URL로"),
        ("CPU은(는)", "CPU는"),
        ("RAM을(를)", "RAM을"),  # letter by letter: 엘, 유, 엠
        ("python은(는)", "python은"),
        ("model(으)로", "model로"),
        ("string이(가)", "string이"),
        ("torch.nn.Module을(를)", "torch.nn.Module을"),  # 모듈: l -> consonant
        ("x.pt을(를)", "x.pt를"),
        ("graph.png(으)로", "graph.png로"),
        ("g.json(으)로", "g.json으로"),
        ("missing이(가)", "missing이"),
        ("grad_out을(를) 모든 원소에 복사", "grad_out을 모든 원소에 복사"),  # 아웃: a short vowel's t
        ("input이(가)", "input이"),  # 인풋
        ("step(으)로", "step으로"),  # 스텝
        ("format은(는)", "format은"),  # 포맷
        ("group을(를)", "group을"),  # 그룹
        ("book이(가)", "book이"),  # 북
        ("script을(를)", "script를"),  # 스크립트: t after a consonant
        ("float(으)로", "float로"),  # 플로트: t after a long vowel
        ("loop을(를)", "loop를"),  # 루프
        ("mask은(는)", "mask는"),  # 마스크
        ("root이(가)", "root가"),  # 루트
        ("3은(는)", "3은"),
        ("2은(는)", "2는"),
        ("8(으)로", "8로"),
        ("6(으)로", "6으로"),
        ("'w'이(가)", "'w'가"),
        ("`loss`이(가)", "`loss`가"),
        ("python(스크립트 옆 .venv)은(는) Python 3.9입니다", "python(스크립트 옆 .venv)은 Python 3.9입니다"),
        ("그리고(이)나", "그리고나"),
        ("괄호 (설명)만 있는 문장", "괄호 (설명)만 있는 문장"),
        ("이(가) 처음에 오면", "이 처음에 오면"),
    ],
)
def test_particles_follow_the_sound_of_the_word_before(text, expected):
    assert resolve(text) == expected


def test_text_without_markers_is_returned_as_is():
    text = "노드 11개와 간선 10개를 10.1초 만에 기록했습니다."
    assert resolve(text) is text


def test_the_word_is_looked_for_nearby_only():
    """Quotes and parentheses are looked through for a word's last sound, up to a bound, so a
    text of any shape (a file's value: ``)))))))))이(가)`` repeated) is resolved in linear time."""
    assert resolve("사과" + "'" * 3 + "이(가)") == "사과" + "'" * 3 + "가"
    assert resolve("사과" + "'" * 200 + "이(가)") == "사과" + "'" * 200 + "이"  # too far: the first form
    assert resolve("torch(" + "x" * 200 + ")은(는)") == "torch(" + "x" * 200 + ")은"
    assert resolve("torch(x)은(는)") == "torch(x)는"
    hostile = (")" * 10 + "이(가)") * 8_000
    assert resolve(hostile) == (")" * 10 + "이") * 8_000


def test_explanations_choose_particles_for_the_values_they_hold(qapp):
    from graphviz_app.qt.i18n import install_translators, text
    from graphviz_app.wire.message import Message
    from graphviz_app.worker.diagnose import RAISED_ON_LINE

    assert install_translators(qapp, "ko") == "ko"
    try:
        told = text(
            Message.of(
                RAISED_ON_LINE,
                exception="RuntimeError",
                line=4,
                detail="mat1 and mat2 shapes cannot be multiplied.",
            )
        )
        assert "RuntimeError가" in told and "이(가)" not in told
        told = text(Message.of(RAISED_ON_LINE, exception="KeyError", line=2, detail="'x'."))
        assert "KeyError가" in told
    finally:
        install_translators(qapp, "en")


def test_the_messages_panel_and_status_bar_read_particles_right(qapp, qtbot):
    from PySide6.QtCore import QCoreApplication

    from graphviz_app.qt.i18n import install_translators
    from graphviz_app.qt.panels.messages import MessagesPanel

    assert install_translators(qapp, "ko") == "ko"
    try:
        panel = MessagesPanel()
        qtbot.addWidget(panel)
        changed = QCoreApplication.translate("Controller", "{name} changed on disk: reloading.")
        assert "이(가)" in changed  # the translation writes both forms
        panel.info(changed.format(name="train.py"))
        panel.heading(QCoreApplication.translate("Controller", "Not opening {name}").format(name="notes.txt"))
        text = panel.plain_text()
        assert "train.py가" in text and "notes.txt를" in text and "(가)" not in text and "(를)" not in text
    finally:
        install_translators(qapp, "en")
