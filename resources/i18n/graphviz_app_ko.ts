<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko_KR">
<context>
    <name>Actions</name>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="85"/>
        <source>&amp;Open Script or Graph…</source>
        <translation>스크립트 또는 그래프 열기(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="86"/>
        <source>Open a PyTorch script (.py) or a saved graph (.json)</source>
        <translation>PyTorch 스크립트(.py)나 저장한 그래프(.json)를 엽니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="87"/>
        <source>Open &amp;Example</source>
        <translation>예제 열기(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="88"/>
        <source>Open the bundled basic example</source>
        <translation>기본 예제를 엽니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="89"/>
        <source>&amp;Reload</source>
        <translation>다시 불러오기(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="89"/>
        <source>Run the script again</source>
        <translation>스크립트를 다시 실행합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="90"/>
        <source>&amp;Cancel Run</source>
        <translation>실행 취소(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="90"/>
        <source>Stop the running script</source>
        <translation>실행 중인 스크립트를 멈춥니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="92"/>
        <source>&amp;Export…</source>
        <translation>내보내기(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="93"/>
        <source>Export the graph as PNG, SVG, PDF, DOT or JSON</source>
        <translation>그래프를 PNG, SVG, PDF, DOT, JSON으로 내보냅니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="94"/>
        <source>&amp;Copy Image</source>
        <translation>이미지 복사(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="95"/>
        <source>Copy the current view to the clipboard as an image</source>
        <translation>지금 보이는 화면을 이미지로 클립보드에 복사합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="96"/>
        <source>&amp;Quit</source>
        <translation>종료(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="97"/>
        <source>&amp;Find…</source>
        <translation>찾기(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="98"/>
        <source>Search nodes by op, name or module</source>
        <translation>연산, 이름, 모듈로 노드를 찾습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="99"/>
        <source>Find &amp;Next</source>
        <translation>다음 찾기(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="100"/>
        <source>Find &amp;Previous</source>
        <translation>이전 찾기(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="102"/>
        <source>Zoom &amp;In</source>
        <translation>확대(&amp;I)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="103"/>
        <source>Zoom &amp;Out</source>
        <translation>축소(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="104"/>
        <source>&amp;Fit to Window</source>
        <translation>창에 맞추기(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="104"/>
        <source>Show the whole graph</source>
        <translation>그래프 전체를 보여 줍니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="105"/>
        <source>&amp;Actual Size</source>
        <translation>실제 크기(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="106"/>
        <source>&amp;Zoom to Rectangle</source>
        <translation>사각형 영역 확대(&amp;Z)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="107"/>
        <source>Drag a rectangle to zoom into (or Shift+drag)</source>
        <translation>확대할 사각형을 드래그하세요 (또는 Shift+드래그)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="108"/>
        <source>Collapse &amp;All Modules</source>
        <translation>모든 모듈 접기(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="109"/>
        <source>Collapse every top-level module</source>
        <translation>최상위 모듈을 모두 접습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="110"/>
        <source>E&amp;xpand All Modules</source>
        <translation>모든 모듈 펼치기(&amp;X)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="111"/>
        <source>Expand every module</source>
        <translation>모든 모듈을 펼칩니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="112"/>
        <source>&amp;Split Shared Tensors per Use</source>
        <translation>공유 텐서를 사용처마다 나누기(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="113"/>
        <source>Draw a tensor used far apart (a reused weight) once per use</source>
        <translation>멀리 떨어져 쓰이는 텐서(재사용되는 가중치)를 사용처마다 따로 그립니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="114"/>
        <source>Show &amp;Legend</source>
        <translation>범례 보기(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="116"/>
        <source>&amp;Values</source>
        <translation>값 표시(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="117"/>
        <source>Draw small tensors&apos; values and, after backward, their gradients beside each node</source>
        <translation>작은 텐서의 값과, 역전파(backward) 뒤에는 기울기(grad)를 각 노드 옆에 그립니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="118"/>
        <source>Run &amp;Backward</source>
        <translation>역전파 실행(&amp;B)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="119"/>
        <source>Step through backward: uses the script&apos;s own backward, or runs it once on the output to record the gradients</source>
        <translation>역전파(backward)를 한 단계씩 봅니다: 스크립트가 직접 부른 backward를 쓰거나, 출력에 한 번 실행해 기울기를 기록합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="120"/>
        <source>Run Backward on Every &amp;Load</source>
        <translation>불러올 때마다 역전파 실행(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="121"/>
        <source>Always run backward on the output when a script loads (reloads now)</source>
        <translation>스크립트를 불러올 때마다 출력에 backward를 실행합니다 (지금 다시 불러옵니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="123"/>
        <source>&amp;Live Reload</source>
        <translation>저장하면 자동으로 다시 불러오기(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="124"/>
        <source>Reload automatically when the script is saved</source>
        <translation>스크립트를 저장하면 자동으로 다시 불러옵니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="125"/>
        <source>&amp;Preferences…</source>
        <translation>환경 설정(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="127"/>
        <source>Run time limit, backward call, collapse threshold, language, theme</source>
        <translation>실행 시간 제한, 캡처할 backward 호출, 접기 기준, 언어, 테마</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="128"/>
        <source>&amp;About graphviz_app</source>
        <translation>graphviz_app 정보(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="129"/>
        <source>&amp;Clear Recent Files</source>
        <translation>최근 파일 목록 지우기(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="135"/>
        <source>Color by {name}</source>
        <translation>색: {name}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="153"/>
        <source>Color nodes by device, op type, module or gradient norm</source>
        <translation>노드 색을 장치, 연산 종류, 모듈, 기울기 크기 중 하나로 정합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="159"/>
        <source>Open &amp;Recent</source>
        <translation>최근 파일(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="165"/>
        <source>&amp;File</source>
        <translation>파일(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="177"/>
        <source>&amp;Edit</source>
        <translation>편집(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="183"/>
        <source>&amp;View</source>
        <translation>보기(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="193"/>
        <source>&amp;Theme</source>
        <translation>테마(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="197"/>
        <source>&amp;Panels</source>
        <translation>패널(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="198"/>
        <source>&amp;Graph</source>
        <translation>그래프(&amp;G)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="205"/>
        <source>&amp;Step</source>
        <translation>단계(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="206"/>
        <source>&amp;Help</source>
        <translation>도움말(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="207"/>
        <source>&amp;Lessons</source>
        <translation>수업(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="214"/>
        <source>Main</source>
        <translation>기본 도구 모음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="230"/>
        <source>Run Backward</source>
        <translation>역전파 실행</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="236"/>
        <source> Color: </source>
        <translation> 색: </translation>
    </message>
</context>
<context>
    <name>ChainRule</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="26"/>
        <source>the power rule: d(xⁿ)/dx = n·xⁿ⁻¹</source>
        <translation>거듭제곱 규칙: d(xⁿ)/dx = n·xⁿ⁻¹</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="28"/>
        <source>addition passes grad_out to each input unchanged</source>
        <translation>덧셈은 grad_out을 각 입력에 그대로 전달합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="30"/>
        <source>subtraction passes grad_out to a and −grad_out to b</source>
        <translation>뺄셈은 a에 grad_out을, b에 −grad_out을 전달합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="32"/>
        <source>the product rule: each input gets grad_out times the other input</source>
        <translation>곱의 규칙: 각 입력은 grad_out × (다른 입력)을 받습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="34"/>
        <source> (the other needs no gradient, so only its value was used)</source>
        <translation> (다른 입력은 기울기가 필요 없어 값만 쓰였습니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="36"/>
        <source>the quotient rule: d(a/b) = da/b − a·db/b²</source>
        <translation>몫의 규칙: d(a/b) = da/b − a·db/b²</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="37"/>
        <source>each element gets grad_out / n</source>
        <translation>각 원소가 받는 몫 grad_out / n</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="38"/>
        <source>each element gets grad_out</source>
        <translation>각 원소가 받는 값 grad_out</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="39"/>
        <source>matrix product C = A·B</source>
        <translation>행렬 곱 C = A·B</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="41"/>
        <source>AccumulateGrad stores the arriving gradient in</source>
        <translation>AccumulateGrad가 도착한 기울기를 저장하는 곳:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="43"/>
        <source>ReLU lets grad_out through where the input was positive, else 0</source>
        <translation>ReLU는 입력이 양수였던 곳에만 grad_out을 통과시키고, 나머지는 0입니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="45"/>
        <source>torch computes this one for you (its derivative is built into torch)</source>
        <translation>이 연산은 torch가 계산해 줍니다 (도함수가 torch에 내장되어 있습니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="46"/>
        <source>, spread to every element</source>
        <translation>, 모든 원소에 나눠 줌</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="47"/>
        <source> copied to every element</source>
        <translation> 를 모든 원소에 복사</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="48"/>
        <source> summed over the rows</source>
        <translation> 를 행 방향으로 합함</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="49"/>
        <source>(kept by retain_grad)</source>
        <translation>(retain_grad로 저장됨)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="50"/>
        <source>(not kept)</source>
        <translation>(저장되지 않음)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="51"/>
        <source>grad in =</source>
        <translation>들어온 기울기 =</translation>
    </message>
</context>
<context>
    <name>ColorMode</name>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="44"/>
        <source>Device</source>
        <translation>장치</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="45"/>
        <source>Op type</source>
        <translation>연산 종류</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="46"/>
        <source>Module</source>
        <translation>모듈</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="47"/>
        <source>Gradient norm</source>
        <translation>기울기 크기(norm)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="55"/>
        <source>device</source>
        <translation>장치</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="56"/>
        <source>op family</source>
        <translation>연산 계열</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="57"/>
        <source>module</source>
        <translation>모듈</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="58"/>
        <source>gradient norm</source>
        <translation>기울기 크기(norm)</translation>
    </message>
</context>
<context>
    <name>Controller</name>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="116"/>
        <source>Cannot open {path}: no such file.</source>
        <translation>{path}을(를) 열 수 없습니다: 그런 파일이 없습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="122"/>
        <source>Not opening {name}</source>
        <translation>{name}을(를) 열지 않습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="139"/>
        <source>Opening {name} (saved graph, no code runs)</source>
        <translation>{name} 여는 중 (저장된 그래프, 코드는 실행되지 않음)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="148"/>
        <source>Loaded {count} nodes from {name}.</source>
        <translation>{name}에서 노드 {count}개를 읽었습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="165"/>
        <source>Loading {name}…</source>
        <translation>{name} 불러오는 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="172"/>
        <source>Nothing to reload: open a script first (Ctrl+O).</source>
        <translation>다시 불러올 것이 없습니다: 먼저 스크립트를 여세요 (Ctrl+O).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="183"/>
        <source>Running {name} and backward…</source>
        <translation>{name} 실행하고 backward 하는 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="184"/>
        <source>Running {name}…</source>
        <translation>{name} 실행 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="187"/>
        <source>Running {path}…</source>
        <translation>{path} 실행 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="204"/>
        <source>{seconds:.1f} s</source>
        <translation>{seconds:.1f}초</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="205"/>
        <source>under 0.1 s</source>
        <translation>0.1초 미만</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="206"/>
        <source>Captured {nodes} nodes and {edges} edges in {took}.</source>
        <translation>노드 {nodes}개와 엣지 {edges}개를 {took} 만에 기록했습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="215"/>
        <source>Stopped {name}: the run was cancelled.</source>
        <translation>{name} 중지: 실행이 취소되었습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="217"/>
        <source>the run was cancelled</source>
        <translation>실행이 취소되었습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="235"/>
        <source>See the Messages panel for details.</source>
        <translation>자세한 내용은 메시지 패널을 보세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="280"/>
        <source>{name} changed on disk: reloading.</source>
        <translation>{name}이(가) 디스크에서 바뀌었습니다: 다시 불러옵니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="315"/>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="323"/>
        <source>Laying out {count} nodes…</source>
        <translation>노드 {count}개 배치 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="325"/>
        <source>Laying out {count} nodes (about {seconds:.0f} s)…</source>
        <translation>노드 {count}개 배치 중 (약 {seconds:.0f}초)…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="384"/>
        <source>Layout cancelled. Collapse modules (Graph menu, Modules panel) to lay out a smaller view.</source>
        <translation>배치가 취소되었습니다. 모듈을 접어서(그래프 메뉴, 모듈 패널) 더 작은 보기로 배치하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="389"/>
        <source>Layout cancelled: collapse modules to see a smaller view.</source>
        <translation>배치 취소됨: 모듈을 접으면 더 작은 보기를 볼 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="418"/>
        <source>Exported {path}.</source>
        <translation>{path}(으)로 내보냈습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="421"/>
        <source>Exported {path}</source>
        <translation>{path}(으)로 내보냈습니다</translation>
    </message>
</context>
<context>
    <name>Inspector</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="119"/>
        <source>Click a node to see its op, tensor, saved values and gradient.</source>
        <translation>노드를 클릭하면 연산, 텐서, 저장된 값과 기울기를 볼 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="127"/>
        <source>Property</source>
        <translation>속성</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="127"/>
        <source>Value</source>
        <translation>값</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="314"/>
        <source>Copy value</source>
        <translation>값 복사</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="315"/>
        <source>Copy all</source>
        <translation>모두 복사</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="67"/>
        <source>Node</source>
        <translation>노드</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="67"/>
        <source>Tensor</source>
        <translation>텐서</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="68"/>
        <source>Saved tensors</source>
        <translation>저장된 텐서</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="68"/>
        <source>Forward value</source>
        <translation>순전파 값</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="69"/>
        <source>Graph cut (.detach())</source>
        <translation>그래프 끊김 (.detach())</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="70"/>
        <source>Gradient</source>
        <translation>기울기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="70"/>
        <source>Gradient flow</source>
        <translation>기울기 흐름</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="71"/>
        <source>Chain rule</source>
        <translation>연쇄 법칙(chain rule)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="71"/>
        <source>Order</source>
        <translation>순서</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="72"/>
        <source>Source</source>
        <translation>소스 코드</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="72"/>
        <source>Connections</source>
        <translation>연결</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="73"/>
        <source>Module</source>
        <translation>모듈</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="73"/>
        <source>Operations</source>
        <translation>연산</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="74"/>
        <source>Parameters</source>
        <translation>매개변수</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="74"/>
        <source>Constant inputs</source>
        <translation>상수 입력 (requires_grad 없음)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="76"/>
        <source>op</source>
        <translation>연산</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="76"/>
        <source>kind</source>
        <translation>종류</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="76"/>
        <source>name</source>
        <translation>이름</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="77"/>
        <source>module</source>
        <translation>모듈</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="77"/>
        <source>output</source>
        <translation>출력</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="77"/>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="78"/>
        <source>copy</source>
        <translation>사본</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="78"/>
        <source>shape</source>
        <translation>모양(shape)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="78"/>
        <source>dtype</source>
        <translation>자료형(dtype)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="79"/>
        <source>device</source>
        <translation>장치</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="79"/>
        <source>values</source>
        <translation>값</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="80"/>
        <source>gradient</source>
        <translation>기울기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="80"/>
        <source>rule</source>
        <translation>규칙</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="81"/>
        <source>where</source>
        <translation>위치</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="81"/>
        <source>detached from</source>
        <translation>떼어 낸 텐서</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="82"/>
        <source>meaning</source>
        <translation>의미</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="82"/>
        <source>forward index</source>
        <translation>순전파 순번</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="83"/>
        <source>backward index</source>
        <translation>역전파 순번</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="83"/>
        <source>at</source>
        <translation>위치</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="84"/>
        <source>code</source>
        <translation>코드</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="84"/>
        <source>file</source>
        <translation>파일</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="84"/>
        <source>input</source>
        <translation>입력</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="85"/>
        <source>used by</source>
        <translation>사용하는 노드</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="85"/>
        <source>path</source>
        <translation>경로</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="85"/>
        <source>nodes</source>
        <translation>노드 수</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="86"/>
        <source>devices</source>
        <translation>장치</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="86"/>
        <source>stored in</source>
        <translation>저장 위치</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="87"/>
        <source>norm</source>
        <translation>크기(norm)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="87"/>
        <source>min</source>
        <translation>최솟값</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="87"/>
        <source>max</source>
        <translation>최댓값</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="88"/>
        <source>mean</source>
        <translation>평균</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="88"/>
        <source>std</source>
        <translation>표준편차</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="90"/>
        <source>leaf tensor</source>
        <translation>잎 텐서(leaf)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="90"/>
        <source>operation</source>
        <translation>연산</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="91"/>
        <source>yes</source>
        <translation>예</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="91"/>
        <source>not reached by backward</source>
        <translation>역전파가 도달하지 않음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="92"/>
        <source>Nothing selected</source>
        <translation>선택된 것 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="93"/>
        <source>No graph loaded</source>
        <translation>불러온 그래프 없음</translation>
    </message>
</context>
<context>
    <name>Legend</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/legend.py" line="97"/>
        <source>Click to fold or unfold the legend</source>
        <translation>클릭하면 범례를 접거나 펼칩니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/legend.py" line="149"/>
        <source>Color: {mode}</source>
        <translation>색: {mode}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/legend.py" line="162"/>
        <source>copy to {target} ({n} edge)</source>
        <translation>{target}(으)로 복사 (간선 {n}개)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/legend.py" line="163"/>
        <source>copy to {target} ({n} edges)</source>
        <translation>{target}(으)로 복사 (간선 {n}개)</translation>
    </message>
</context>
<context>
    <name>LessonCard</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="18"/>
        <source>rounded box</source>
        <translation>둥근 상자</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="19"/>
        <source>a leaf: a tensor you made with requires_grad=True (its .grad is kept)</source>
        <translation>리프(leaf): requires_grad=True로 직접 만든 텐서 (.grad가 저장됩니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="20"/>
        <source>square box</source>
        <translation>네모 상자</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="21"/>
        <source>an operation autograd recorded (its backward node, e.g. PowBackward0)</source>
        <translation>autograd가 기록한 연산 (그 역전파 노드, 예: PowBackward0)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="22"/>
        <source>double border</source>
        <translation>이중 테두리</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="22"/>
        <source>an output: where backward starts</source>
        <translation>출력: 역전파(backward)가 시작되는 곳</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="23"/>
        <source>dashed border</source>
        <translation>점선 테두리</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="24"/>
        <source>not reached by backward (yet, when stepping)</source>
        <translation>역전파가 (단계별로 볼 때는 아직) 도달하지 않은 노드</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="25"/>
        <source>ghost (faded, dotted)</source>
        <translation>흐린 점선 노드</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="26"/>
        <source>not created yet at this forward step</source>
        <translation>이 순전파 단계에서 아직 만들어지지 않은 노드</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="27"/>
        <source>3-D box</source>
        <translation>입체 상자</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="27"/>
        <source>a collapsed module: double-click to expand it</source>
        <translation>접힌 모듈: 더블클릭하면 펼쳐집니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="28"/>
        <source>✂ tag</source>
        <translation>✂ 표시</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="28"/>
        <source>a .detach() cut: no gradient flows back past it</source>
        <translation>.detach()로 끊긴 곳: 기울기가 이 너머로 흐르지 않습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="29"/>
        <source>yellow tag</source>
        <translation>노란 꼬리표</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="29"/>
        <source>values and gradients (View ▸ Values)</source>
        <translation>값과 기울기 (보기 ▸ 값 표시)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="30"/>
        <source>magenta dashed edge</source>
        <translation>자홍색 점선 화살표</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="31"/>
        <source>the step&apos;s edge: forward, inputs used; backward, the gradient flowing back, arrow towards the input</source>
        <translation>현재 단계의 간선: 순전파에서는 쓰인 입력, 역전파에서는 거꾸로 흐르는 기울기 (화살표가 입력 쪽을 향합니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="57"/>
        <source>How to read the graph</source>
        <translation>그래프 읽는 법</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="89"/>
        <source>Not a bundled lesson: open one from Help ▸ Lessons.</source>
        <translation>내장 수업이 아닙니다: 도움말 ▸ 수업에서 하나를 여세요.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="98"/>
        <source>Lesson</source>
        <translation>수업</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="99"/>
        <source>Inspector</source>
        <translation>속성</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="101"/>
        <source>Source</source>
        <translation>소스</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="102"/>
        <source>Modules</source>
        <translation>모듈</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="103"/>
        <source>Leaves</source>
        <translation>리프</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="106"/>
        <source>Timeline</source>
        <translation>타임라인</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="109"/>
        <source>Messages</source>
        <translation>메시지</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="110"/>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="402"/>
        <source>Problems</source>
        <translation>문제</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="117"/>
        <source>Step &amp;Forward Pass</source>
        <translation>순전파 단계별 보기(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="119"/>
        <source>&amp;Show Whole Graph</source>
        <translation>그래프 전체 보기(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="401"/>
        <source>Problems ({count})</source>
        <translation>문제 ({count})</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="423"/>
        <source>The run time limit is {seconds:g} s: change it in Edit ▸ Preferences.</source>
        <translation>실행 시간 제한은 {seconds:g}초입니다: 편집 ▸ 환경 설정에서 바꿀 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="553"/>
        <source>No graph</source>
        <translation>그래프 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="558"/>
        <source> ({shown} drawn)</source>
        <translation> ({shown}개 그림)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="559"/>
        <source>{nodes} nodes{extra} · {edges} edges</source>
        <translation>노드 {nodes}개{extra} · 간선 {edges}개</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/messages.py" line="105"/>
        <location filename="../../graphviz_app/qt/panels/messages.py" line="250"/>
        <source>No messages.</source>
        <translation>메시지가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/messages.py" line="110"/>
        <source>Clear</source>
        <translation>지우기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/messages.py" line="111"/>
        <source>Clear the messages</source>
        <translation>메시지를 지웁니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/messages.py" line="230"/>
        <source>{file}, line {line}</source>
        <translation>{file}, {line}번째 줄</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/messages.py" line="232"/>
        <source>at</source>
        <translation>위치:</translation>
    </message>
</context>
<context>
    <name>Modules</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="52"/>
        <source>depth </source>
        <translation>깊이 </translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="53"/>
        <source>Modules deeper than this many levels are collapsed</source>
        <translation>이 깊이보다 깊은 모듈은 접힙니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="54"/>
        <source>Collapse to</source>
        <translation>접기 깊이</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="55"/>
        <source>Collapse every module below the chosen depth</source>
        <translation>고른 깊이 아래의 모든 모듈을 접습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="57"/>
        <source>Expand all</source>
        <translation>모두 펼치기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="59"/>
        <source>Check a module to collapse it into one node.</source>
        <translation>모듈을 체크하면 노드 하나로 접힙니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="62"/>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="127"/>
        <source>This graph has no modules: its ops did not run inside an nn.Module.</source>
        <translation>이 그래프에는 모듈이 없습니다: 연산이 nn.Module 안에서 실행되지 않았습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="126"/>
        <source>No graph loaded.</source>
        <translation>불러온 그래프가 없습니다.</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="36"/>
        <source>Preferences</source>
        <translation>환경 설정</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="43"/>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="77"/>
        <source> s</source>
        <translation>초</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="45"/>
        <source>A script still running after this long is stopped</source>
        <translation>이 시간이 지나도 실행 중인 스크립트는 멈춥니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="46"/>
        <source>Run time limit:</source>
        <translation>실행 시간 제한:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="47"/>
        <source>Stop the script right after the captured backward()</source>
        <translation>캡처한 backward() 직후에 스크립트 멈추기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="50"/>
        <source>The graph exists once that call returns; untick to let a training loop run to its end</source>
        <translation>그 호출이 끝나면 그래프는 이미 만들어져 있습니다. 학습 루프를 끝까지 돌리려면 선택을 해제하세요</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="56"/>
        <source>no script open</source>
        <translation>열린 스크립트 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="58"/>
        <source>Which backward() call of a training loop to capture, remembered for this script</source>
        <translation>학습 루프에서 몇 번째 backward() 호출을 캡처할지 (이 스크립트에 대해 기억합니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="59"/>
        <source>Backward call to capture ({name}):</source>
        <translation>캡처할 backward 호출 ({name}):</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="66"/>
        <source>What the script finds in sys.argv[1:] (argparse), as on a command line; remembered for this script</source>
        <translation>스크립트가 sys.argv[1:]에서 읽는 값(argparse)으로, 명령줄처럼 입력합니다. 이 스크립트에 대해 기억됩니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="68"/>
        <source>Arguments ({name}):</source>
        <translation>인자 ({name}):</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="80"/>
        <source>A graph whose layout would take longer opens collapsed to module level</source>
        <translation>배치에 이보다 오래 걸릴 그래프는 모듈 단위로 접힌 채 열립니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="81"/>
        <source>Collapse graphs whose layout takes over:</source>
        <translation>배치 시간이 이보다 길면 접기:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="84"/>
        <source>Names only</source>
        <translation>이름만</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="84"/>
        <source>Names and shapes</source>
        <translation>이름과 모양(shape)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="85"/>
        <source>Everything (dtype, device)</source>
        <translation>전부 (자료형, 장치 포함)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="89"/>
        <source>What each node&apos;s label says, in the window and in exports</source>
        <translation>각 노드의 이름표에 무엇을 쓸지 (창과 내보내기 모두)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="90"/>
        <source>Label detail:</source>
        <translation>노드 이름표 내용:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="92"/>
        <source>System language</source>
        <translation>시스템 언어</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="95"/>
        <source>Language (after a restart):</source>
        <translation>언어 (다시 시작한 뒤 적용):</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="97"/>
        <source>System</source>
        <translation>시스템</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="97"/>
        <source>Light</source>
        <translation>밝게</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="97"/>
        <source>Dark</source>
        <translation>어둡게</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="101"/>
        <source>Theme:</source>
        <translation>테마:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="106"/>
        <source>Changes apply to the next run of a script.</source>
        <translation>바뀐 설정은 스크립트를 다음에 실행할 때 적용됩니다.</translation>
    </message>
</context>
<context>
    <name>Problems</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="58"/>
        <source> (made by {op})</source>
        <translation> ({op}이(가) 만든)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="59"/>
        <source>Line {line} cuts the graph: {code}. {what} takes the detached tensor{made_by}, shape {shape}, as a constant, so no gradient flows back to what made it.</source>
        <translation>{line}번째 줄이 그래프를 끊습니다: {code}. {what}은(는) 떼어 낸{made_by} 텐서(모양 {shape})를 상수로 받으므로, 그 텐서를 만든 쪽으로는 기울기가 흐르지 않습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="75"/>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="83"/>
        <source> (line {line})</source>
        <translation> ({line}번째 줄)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="76"/>
        <source> and </source>
        <translation> 및 </translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="77"/>
        <source>{kinds} gradient at {what}{where}: {nan} NaN, {inf} Inf values.</source>
        <translation>{what}{where}에 {kinds} 기울기: NaN {nan}개, Inf {inf}개.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="84"/>
        <source> It first appears here: the backward of {what}{at} produced it.</source>
        <translation> 처음 나타난 곳: {what}{at}의 역전파가 만들었습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="89"/>
        <source> {name}.grad holds it; an optimizer step would spread it.</source>
        <translation> {name}.grad에 들어 있으며, 옵티마이저 단계가 이를 퍼뜨립니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="90"/>
        <source>The leaf</source>
        <translation>잎 텐서</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="92"/>
        <source> Every node backward reaches from here receives it too.</source>
        <translation> 여기서부터 역전파가 닿는 모든 노드도 이를 받습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="105"/>
        <source>Backward stopped: {error}</source>
        <translation>역전파가 멈췄습니다: {error}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="126"/>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="171"/>
        <source>No problems.</source>
        <translation>문제가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="159"/>
        <source>  ▸ click to select the node</source>
        <translation>  ▸ 클릭하면 노드를 선택합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="161"/>
        <source>  ▸ click to see line {line}</source>
        <translation>  ▸ 클릭하면 {line}번째 줄을 봅니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="173"/>
        <source>{n} error</source>
        <translation>오류 {n}개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="173"/>
        <source>{n} errors</source>
        <translation>오류 {n}개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="174"/>
        <source>{n} warning</source>
        <translation>경고 {n}개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="174"/>
        <source>{n} warnings</source>
        <translation>경고 {n}개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="175"/>
        <source>{n} note</source>
        <translation>알림 {n}개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="175"/>
        <source>{n} notes</source>
        <translation>알림 {n}개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="177"/>
        <source>. Click one to jump to it.</source>
        <translation>. 항목을 클릭하면 그곳으로 갑니다.</translation>
    </message>
</context>
<context>
    <name>RunError</name>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="101"/>
        <source>The script did not finish within {seconds} s and was stopped.</source>
        <translation>스크립트가 {seconds}초 안에 끝나지 않아 멈췄습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="103"/>
        <source> It was stuck on line {line}: `{code}`.</source>
        <translation> {line}번째 줄에서 멈춰 있었습니다: `{code}`.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="106"/>
        <source> If it needs longer, raise the time limit (--timeout); if it loops forever or waits for input, fix the script.</source>
        <translation> 더 오래 걸리는 스크립트라면 실행 시간 제한(--timeout)을 늘리고, 끝없이 반복하거나 입력을 기다린다면 스크립트를 고치세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="108"/>
        <source>The run was cancelled.</source>
        <translation>실행이 취소되었습니다.</translation>
    </message>
</context>
<context>
    <name>Search</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/search.py" line="41"/>
        <source>Search op, name or module…</source>
        <translation>연산, 이름, 모듈 검색…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/search.py" line="50"/>
        <source>Previous match (Shift+Enter)</source>
        <translation>이전 결과 (Shift+Enter)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/search.py" line="53"/>
        <source>Next match (Enter)</source>
        <translation>다음 결과 (Enter)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/search.py" line="105"/>
        <source>no match</source>
        <translation>결과 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/search.py" line="108"/>
        <source>{index} of {count}</source>
        <translation>{count}개 중 {index}</translation>
    </message>
</context>
<context>
    <name>StaleBanner</name>
    <message>
        <location filename="../../graphviz_app/qt/canvas/stale.py" line="14"/>
        <source>Showing the last good graph of {shown}. Loading {failed} again failed: {why} Fix the script and save it to reload, or see Messages.</source>
        <translation>{shown}의 마지막 정상 그래프를 보여 주고 있습니다. {failed}을(를) 다시 불러오지 못했습니다: {why} 스크립트를 고쳐 저장하면 다시 불러옵니다. 자세한 내용은 메시지 패널을 보세요.</translation>
    </message>
</context>
<context>
    <name>StepText</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="20"/>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="100"/>
        <source>Backward step</source>
        <translation>역전파 단계</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="73"/>
        <source>Forward: nothing created yet ({count} steps).</source>
        <translation>순전파: 아직 아무것도 만들어지지 않았습니다 (전체 {count}단계).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="75"/>
        <source>Forward step {index}/{count}: {what} leaf tensor, shape {shape}</source>
        <translation>순전파 단계 {index}/{count}: {what} 리프(leaf) 텐서, 모양 {shape}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="77"/>
        <source>Forward step {index}/{count}: {what} created, shape {shape}</source>
        <translation>순전파 단계 {index}/{count}: {what} 생성, 모양 {shape}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="82"/>
        <source> at line {line}: {code}</source>
        <translation> ({line}번째 줄: {code})</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="87"/>
        <source>Backward has not run: run backward to step through it.</source>
        <translation>역전파가 실행되지 않았습니다: 역전파를 실행하면 단계별로 볼 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="88"/>
        <source>Backward: the engine runs {count} nodes, starting at the output.</source>
        <translation>역전파: 엔진이 출력에서 시작해 노드 {count}개를 실행합니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="93"/>
        <source>{what} receives the seed gradient</source>
        <translation>{what}이(가) 시작 기울기(seed gradient)를 받습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="95"/>
        <source>{what} accumulates its gradient into .grad</source>
        <translation>{what}이(가) 기울기를 .grad에 누적합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="97"/>
        <source>{what} sums the gradients of its {count} consumers</source>
        <translation>{what}이(가) 자신을 쓴 {count}곳의 기울기를 더합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="99"/>
        <source>{what} receives its gradient</source>
        <translation>{what}이(가) 기울기를 받습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/step_text.py" line="103"/>
        <source>. Chain rule: </source>
        <translation>. 연쇄 법칙(chain rule): </translation>
    </message>
</context>
<context>
    <name>TimelinePanel</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="76"/>
        <source>Forward</source>
        <translation>순전파</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="77"/>
        <source>Backward</source>
        <translation>역전파</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="100"/>
        <source>Drag to any step (← / → step, Home / End)</source>
        <translation>원하는 단계로 드래그하세요 (← / → 한 단계, Home / End)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="108"/>
        <source>Play speed</source>
        <translation>재생 속도</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="119"/>
        <source>Show all</source>
        <translation>전체 보기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="120"/>
        <source>Stop stepping: show the whole graph</source>
        <translation>단계 보기를 멈추고 그래프 전체를 보여 줍니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="320"/>
        <source>Running the script with backward…</source>
        <translation>역전파를 포함해 스크립트를 실행하는 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="322"/>
        <source>The script did not run backward, so there are no gradients yet. Click Run backward (Ctrl+B) to run it and step through the gradients.</source>
        <translation>스크립트가 역전파를 실행하지 않아 아직 기울기가 없습니다. 역전파 실행(Ctrl+B)을 누르면 실행한 뒤 기울기를 단계별로 볼 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="325"/>
        <source>Press → or Play to watch the graph being built op by op (Backward: the gradients flowing back).</source>
        <translation>→ 키나 재생을 누르면 그래프가 연산 하나씩 만들어지는 모습을 봅니다 (역전파: 기울기가 거꾸로 흐르는 모습).</translation>
    </message>
</context>
<context>
    <name>Values</name>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="24"/>
        <source>grad in =</source>
        <translation>들어온 기울기 =</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="25"/>
        <source>(kept by retain_grad)</source>
        <translation>(retain_grad로 저장됨)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="26"/>
        <source>(not kept)</source>
        <translation>(저장되지 않음)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/words.py" line="27"/>
        <source>(no grad)</source>
        <translation>(기울기 없음)</translation>
    </message>
</context>
</TS>
