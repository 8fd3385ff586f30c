<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko_KR">
<context>
    <name>About</name>
    <message>
        <location filename="../../graphviz_app/qt/shell/about.py" line="37"/>
        <source>system</source>
        <translation>시스템</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/about.py" line="37"/>
        <source>packaged</source>
        <translation>패키지</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/about.py" line="46"/>
        <source>not found — install graphviz-pure or Graphviz to lay out graphs</source>
        <translation>찾지 못함 — 그래프를 배치하려면 graphviz-pure나 Graphviz를 설치하세요</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/about.py" line="67"/>
        <source>About graphviz_app</source>
        <translation>graphviz_app 정보</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/about.py" line="70"/>
        <source>See the graph PyTorch&apos;s autograd records for your script: laid out by Graphviz, colored by device, searchable, with modules you can collapse.</source>
        <translation>PyTorch autograd가 스크립트에서 기록한 그래프를 봅니다: Graphviz로 배치하고, 장치별로 색칠하고, 검색할 수 있으며, 모듈을 접을 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/about.py" line="84"/>
        <source>No Graphviz engine was found, so the graph cannot be laid out.
Install one (or choose another engine in Preferences), then reload (F5):
</source>
        <translation>Graphviz 엔진을 찾지 못해 그래프를 배치할 수 없습니다.
엔진을 설치하거나(또는 환경설정에서 다른 엔진을 고르고) 다시 불러오세요(F5):
</translation>
    </message>
</context>
<context>
    <name>Actions</name>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="99"/>
        <source>&amp;Open Script or Graph…</source>
        <translation>스크립트 또는 그래프 열기(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="103"/>
        <source>Open a PyTorch script (.py) or a saved graph (.json)</source>
        <translation>PyTorch 스크립트(.py)나 저장한 그래프(.json)를 엽니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="108"/>
        <source>Open the bundled basic example</source>
        <translation>기본 예제를 엽니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="115"/>
        <source>Run the script again</source>
        <translation>스크립트를 다시 실행합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="118"/>
        <source>&amp;Cancel Run</source>
        <translation>실행 취소(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="122"/>
        <source>Stop the running script</source>
        <translation>실행 중인 스크립트를 멈춥니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="126"/>
        <source>R&amp;un Source</source>
        <translation>소스 실행(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="130"/>
        <source>Run the script as the Source panel shows it, your edits included</source>
        <translation>소스 코드 패널에 보이는 그대로, 고친 내용까지 포함해 스크립트를 실행합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="132"/>
        <source>Run</source>
        <translation>실행</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="134"/>
        <source>&amp;Save Script</source>
        <translation>스크립트 저장(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="137"/>
        <source>Save your edits in the Source panel to the script&apos;s file</source>
        <translation>소스 코드 패널에서 고친 내용을 스크립트 파일에 저장합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="139"/>
        <source>Save</source>
        <translation>저장</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="141"/>
        <source>Rese&amp;t Script Text</source>
        <translation>스크립트 원래대로(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="143"/>
        <source>Show the script&apos;s own text again in the Source panel</source>
        <translation>소스 코드 패널에 스크립트의 원래 내용을 다시 보여 줍니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="145"/>
        <source>Reset</source>
        <translation>원래대로</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="149"/>
        <source>&amp;Export…</source>
        <translation>내보내기(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="153"/>
        <source>Export the graph as an image, DOT source, a JSON graph or a web page</source>
        <translation>그래프를 이미지, DOT 소스, JSON 그래프 또는 웹 페이지로 내보냅니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="160"/>
        <source>Copy the current view to the clipboard as an image</source>
        <translation>지금 보이는 화면을 이미지로 클립보드에 복사합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="162"/>
        <source>&amp;Quit</source>
        <translation>종료(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="164"/>
        <source>&amp;Find…</source>
        <translation>찾기(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="168"/>
        <source>Search nodes by op, name or module</source>
        <translation>연산, 이름, 모듈로 노드를 찾습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="171"/>
        <source>Find &amp;Next</source>
        <translation>다음 찾기(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="106"/>
        <source>Open E&amp;xample</source>
        <translation>예제 열기(&amp;X)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="111"/>
        <source>Re&amp;load</source>
        <translation>다시 불러오기(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="156"/>
        <source>Co&amp;py Image</source>
        <translation>이미지 복사(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="176"/>
        <source>Find Pre&amp;vious</source>
        <translation>이전 찾기(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="181"/>
        <source>Zoom &amp;In</source>
        <translation>확대(&amp;I)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="187"/>
        <source>Zoom &amp;Out</source>
        <translation>축소(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="190"/>
        <source>&amp;Fit to Window</source>
        <translation>창에 맞추기(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="194"/>
        <source>Show the whole graph</source>
        <translation>그래프 전체를 보여 줍니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="196"/>
        <source>&amp;Actual Size</source>
        <translation>실제 크기(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="198"/>
        <source>&amp;Zoom to Rectangle</source>
        <translation>사각형 영역 확대(&amp;Z)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="201"/>
        <source>Drag a rectangle to zoom into (or Shift+drag)</source>
        <translation>확대할 사각형을 드래그하세요 (또는 Shift+드래그)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="204"/>
        <source>Collapse &amp;All Modules</source>
        <translation>모든 모듈 접기(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="208"/>
        <source>Collapse every top-level module</source>
        <translation>최상위 모듈을 모두 접습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="211"/>
        <source>E&amp;xpand All Modules</source>
        <translation>모든 모듈 펼치기(&amp;X)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="215"/>
        <source>Expand every module</source>
        <translation>모든 모듈을 펼칩니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="218"/>
        <source>&amp;Split Shared Tensors per Use</source>
        <translation>공유 텐서를 사용처마다 나누기(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="220"/>
        <source>Draw a tensor used far apart (a reused weight) once per use</source>
        <translation>멀리 떨어져 쓰이는 텐서(재사용되는 가중치)를 사용처마다 따로 그립니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="230"/>
        <source>Left to &amp;Right</source>
        <translation>왼쪽에서 오른쪽으로(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="233"/>
        <source>Lay the graph out from left to right (inputs at the left) instead of top to bottom</source>
        <translation>그래프를 위에서 아래가 아니라 왼쪽에서 오른쪽으로 배치합니다(입력이 왼쪽)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="240"/>
        <source>Show &amp;Legend</source>
        <translation>범례 보기(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="243"/>
        <source>Show &amp;Minimap</source>
        <translation>미니맵 보기(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="246"/>
        <source>A small map of the whole graph in the corner while part of it is out of sight; click or drag in it to move the view</source>
        <translation>그래프의 일부가 화면 밖에 있는 동안 구석에 그래프 전체의 작은 지도를 보여 줍니다. 그 안을 클릭하거나 끌어서 보기를 옮기세요</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="253"/>
        <source>&amp;Values</source>
        <translation>값 표시(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="256"/>
        <source>Draw small tensors&apos; values and, after backward, their gradients beside each node</source>
        <translation>작은 텐서의 값과, 역전파(backward) 뒤에는 기울기(grad)를 각 노드 옆에 그립니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="262"/>
        <source>Run &amp;Backward</source>
        <translation>역전파 실행(&amp;B)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="266"/>
        <source>Step through backward: uses the script&apos;s own backward, or runs it once on the output to record the gradients</source>
        <translation>역전파(backward)를 한 단계씩 봅니다: 스크립트가 직접 부른 backward를 쓰거나, 출력에 한 번 실행해 기울기를 기록합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="272"/>
        <source>Run Backward on &amp;Every Load</source>
        <translation>불러올 때마다 역전파 실행(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="274"/>
        <source>Always run backward on the output when a script loads (reloads now)</source>
        <translation>스크립트를 불러올 때마다 출력에 backward를 실행합니다 (지금 다시 불러옵니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="278"/>
        <source>&amp;Live Reload</source>
        <translation>저장하면 자동으로 다시 불러오기(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="280"/>
        <source>Reload automatically when the script is saved</source>
        <translation>스크립트를 저장하면 자동으로 다시 불러옵니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="284"/>
        <source>&amp;Preferences…</source>
        <translation>환경 설정(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="287"/>
        <source>Run time limit, backward call, collapse threshold, language, theme</source>
        <translation>실행 시간 제한, 캡처할 backward 호출, 접기 기준, 언어, 테마</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="289"/>
        <source>&amp;About graphviz_app</source>
        <translation>graphviz_app 정보(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="290"/>
        <source>&amp;Clear Recent Files</source>
        <translation>최근 파일 목록 지우기(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="295"/>
        <source>Color by {name}</source>
        <translation>색: {name}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="305"/>
        <source>System</source>
        <translation>시스템</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="306"/>
        <source>Light</source>
        <translation>밝게</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="307"/>
        <source>Dark</source>
        <translation>어둡게</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="320"/>
        <source>Color nodes by one of: {modes}</source>
        <translation>노드 색을 다음 중 하나로 정합니다: {modes}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="327"/>
        <source>Open &amp;Recent</source>
        <translation>최근 파일(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="332"/>
        <source>&amp;File</source>
        <translation>파일(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="338"/>
        <source>&amp;Edit</source>
        <translation>편집(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="341"/>
        <source>&amp;View</source>
        <translation>보기(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="347"/>
        <source>&amp;Theme</source>
        <translation>테마(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="350"/>
        <source>&amp;Panels</source>
        <translation>패널(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="351"/>
        <source>&amp;Graph</source>
        <translation>그래프(&amp;G)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="354"/>
        <source>&amp;Step</source>
        <translation>단계(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="355"/>
        <source>&amp;Help</source>
        <translation>도움말(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="356"/>
        <source>&amp;Lessons</source>
        <translation>수업(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="362"/>
        <source>Main</source>
        <translation>기본 도구 모음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="372"/>
        <source>Run Backward</source>
        <translation>역전파 실행</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/actions.py" line="378"/>
        <source> Color: </source>
        <translation> 색: </translation>
    </message>
</context>
<context>
    <name>BusyOverlay</name>
    <message>
        <location filename="../../graphviz_app/qt/canvas/view.py" line="439"/>
        <source>Running…</source>
        <translation>실행 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/view.py" line="444"/>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
</context>
<context>
    <name>ChainRule</name>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="65"/>
        <source>the power rule: d(xⁿ)/dx = n·xⁿ⁻¹</source>
        <translation>거듭제곱 규칙: d(xⁿ)/dx = n·xⁿ⁻¹</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="78"/>
        <source>addition passes grad_out to each input unchanged</source>
        <translation>덧셈은 grad_out을 각 입력에 그대로 전달합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="79"/>
        <source>subtraction passes grad_out to a and −grad_out to b</source>
        <translation>뺄셈은 a에 grad_out을, b에 −grad_out을 전달합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="66"/>
        <source>the product rule: each input gets grad_out times the other input</source>
        <translation>곱의 규칙: 각 입력은 grad_out × (다른 입력)을 받습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="64"/>
        <source>{grad} summed to {name}&apos;s shape = {sent}</source>
        <translation>{name}의 모양으로 합한 {grad} = {sent}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="67"/>
        <source> (the other needs no gradient, so only its value was used)</source>
        <translation> (다른 입력은 기울기가 필요 없어 값만 쓰였습니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="69"/>
        <source>the quotient rule: d(a/b) = da/b − a·db/b²</source>
        <translation>몫의 규칙: d(a/b) = da/b − a·db/b²</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="70"/>
        <source>each element gets grad_out / n</source>
        <translation>각 원소가 받는 몫 grad_out / n</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="72"/>
        <source>each element gets grad_out</source>
        <translation>각 원소가 받는 값 grad_out</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="74"/>
        <source>matrix product C = A·B</source>
        <translation>행렬 곱 C = A·B</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="63"/>
        <source>AccumulateGrad stores the arriving gradient in</source>
        <translation>AccumulateGrad가 도착한 기울기를 저장하는 곳:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="82"/>
        <source>ReLU lets grad_out through where the input was positive, else 0</source>
        <translation>ReLU는 입력이 양수였던 곳에만 grad_out을 통과시키고, 나머지는 0입니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="40"/>
        <source>torch computes this one for you (its derivative is built into torch)</source>
        <translation>이 연산은 torch가 계산해 줍니다 (도함수가 torch에 내장되어 있습니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="71"/>
        <source>, spread to every element</source>
        <translation>, 모든 원소에 나눠 줌</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="75"/>
        <source> summed over the rows</source>
        <translation> 를 행 방향으로 합함</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="68"/>
        <source>(the other input)</source>
        <translation>(다른 입력)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="54"/>
        <source>backward failed here, at the op made on line {line} ({code}), so no gradient went on to its inputs: {message}</source>
        <translation>역전파가 여기서 실패했습니다({line}번째 줄 {code}에서 만든 연산). 그래서 입력으로는 기울기가 전달되지 않았습니다: {message}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="73"/>
        <source>{grad} copied to every element</source>
        <translation>{grad}을(를) 모든 원소에 복사</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="80"/>
        <source>negation: the input gets −grad_out</source>
        <translation>부호 반전: 입력은 −grad_out을 받습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="81"/>
        <source>d(eˣ)/dx = eˣ, the result itself</source>
        <translation>d(eˣ)/dx = eˣ, 곧 결과 자신</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="83"/>
        <source>clamp lets grad_out through where the input was inside the bounds, else 0</source>
        <translation>clamp는 입력이 범위 안에 있던 곳에만 grad_out을 통과시키고, 나머지는 0입니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="86"/>
        <source>transpose: the gradient is transposed back</source>
        <translation>전치(transpose): 기울기를 다시 전치해 돌려보냅니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="87"/>
        <source>grad_out transposed (grad_outᵀ)</source>
        <translation>전치한 grad_out (grad_outᵀ)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="88"/>
        <source>permute: the gradient&apos;s axes are put back</source>
        <translation>permute: 기울기의 축을 원래 순서로 되돌립니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="89"/>
        <source>grad_out with its axes put back</source>
        <translation>축을 원래 순서로 되돌린 grad_out</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="90"/>
        <source>view: the same numbers, reshaped back</source>
        <translation>view: 같은 수들을 원래 모양으로 되돌립니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="91"/>
        <source>reshape: the same numbers, reshaped back</source>
        <translation>reshape: 같은 수들을 원래 모양으로 되돌립니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="92"/>
        <source>grad_out reshaped to the input&apos;s shape</source>
        <translation>입력의 모양으로 바꾼 grad_out</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="93"/>
        <source>expand: the copies&apos; gradients are summed back</source>
        <translation>expand: 복사본들의 기울기를 더해 돌려보냅니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="94"/>
        <source>grad_out summed over the expanded dims</source>
        <translation>확장된 차원을 따라 더한 grad_out</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="95"/>
        <source>to()/copy: the gradient goes back to the input&apos;s device and dtype</source>
        <translation>to()/copy: 기울기가 입력의 장치와 dtype으로 돌아갑니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="96"/>
        <source>copy: the gradient goes back to the source unchanged</source>
        <translation>copy: 기울기가 그대로 원본으로 돌아갑니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="62"/>
        <source>AccumulateGrad adds the {count} gradients arriving into {name}.grad</source>
        <translation>AccumulateGrad가 {name}.grad로 들어오는 기울기 {count}개를 더합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="77"/>
        <source>grad_out where {x} was not clamped, else 0</source>
        <translation>grad_out ({x}이(가) 잘리지 않은 곳), 나머지는 0</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="76"/>
        <source>grad_out where {x} &gt; 0, else 0</source>
        <translation>grad_out ({x} &gt; 0인 곳), 나머지는 0</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="44"/>
        <source>{d} applied to grad_out</source>
        <translation>grad_out에 {d}를 적용한 것</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="45"/>
        <source>{name}, the script&apos;s own backward (line {line}), computes this step</source>
        <translation>{name}: 스크립트에 직접 쓴 backward({line}번째 줄)가 이 단계를 계산합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="48"/>
        <source>{name}, the backward written in {file} (line {line}), computes this step</source>
        <translation>{name}: {file}에 쓰인 backward({line}번째 줄)가 이 단계를 계산합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="51"/>
        <source>{name}, the custom Function&apos;s own backward, computes this step</source>
        <translation>{name}: 사용자 정의 Function에 직접 쓴 backward가 이 단계를 계산합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/chain_rule.py" line="59"/>
        <source>backward failed here, so no gradient went on to its inputs: {message}</source>
        <translation>역전파가 여기서 실패해서 입력으로는 기울기가 전달되지 않았습니다: {message}</translation>
    </message>
</context>
<context>
    <name>ColorMode</name>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="885"/>
        <source>Device</source>
        <translation>장치</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="892"/>
        <source>Op type</source>
        <translation>연산 종류</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="899"/>
        <source>Module</source>
        <translation>모듈</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="906"/>
        <source>Gradient norm</source>
        <translation>기울기 크기(norm)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="915"/>
        <source>Kept for backward</source>
        <translation>역전파 보관량</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="916"/>
        <source>kept for backward</source>
        <translation>역전파 보관량</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="924"/>
        <source>Time</source>
        <translation>시간</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="925"/>
        <source>time, forward and backward</source>
        <translation>시간(순전파와 역전파)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="933"/>
        <source>Gradient health</source>
        <translation>기울기 건강</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="934"/>
        <source>gradient health over the steps</source>
        <translation>단계별 기울기 건강</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="886"/>
        <source>device</source>
        <translation>장치</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="893"/>
        <source>op family</source>
        <translation>연산 계열</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="900"/>
        <source>module</source>
        <translation>모듈</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="907"/>
        <source>gradient norm</source>
        <translation>기울기 크기(norm)</translation>
    </message>
</context>
<context>
    <name>Controller</name>
    <message>
        <location filename="../../graphviz_app/core/graphviz/cost.py" line="410"/>
        <source>modules collapsed to depth {depth}</source>
        <translation>깊이 {depth}까지 접은 모듈</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/cost.py" line="408"/>
        <source>shared tensors drawn once per use</source>
        <translation>공유 텐서를 쓰임마다 한 번씩 그림</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/cost.py" line="412"/>
        <source>Graphviz&apos;s iteration limits</source>
        <translation>Graphviz의 반복 횟수 제한</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/cost.py" line="423"/>
        <source>Shown with {actions} ({seconds} predicted); expand modules to see more.</source>
        <translation>{actions}(으)로 보여 줍니다(예상 {seconds}). 더 보려면 모듈을 펼치세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/cost.py" line="418"/>
        <source>This graph is large ({nodes} nodes): laying it out module by module and drawing every node would take about {seconds}.</source>
        <translation>이 그래프는 큽니다(노드 {nodes}개): 모듈별로 배치해 모든 노드를 그리면 약 {seconds} 걸립니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/cost.py" line="414"/>
        <source>This graph is large for Graphviz ({nodes} nodes, {edges} edges): one layout would take about {seconds}.</source>
        <translation>이 그래프는 Graphviz에게 큽니다(노드 {nodes}개, 간선 {edges}개): 한 번 배치하는 데 약 {seconds} 걸립니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="212"/>
        <source>Cannot open {path}: no such file.</source>
        <translation>{path}을(를) 열 수 없습니다: 그런 파일이 없습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="221"/>
        <source>Not opening {name}</source>
        <translation>{name}을(를) 열지 않습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="240"/>
        <source>Opening {name} (saved graph, no code runs)</source>
        <translation>{name} 여는 중 (저장된 그래프, 코드는 실행되지 않음)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="300"/>
        <source>Loaded {count} nodes from {name}.</source>
        <translation>{name}에서 노드 {count}개를 읽었습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="354"/>
        <source>Cannot run {name}: {error} (Edit ▸ Preferences ▸ Arguments)</source>
        <translation>{name}을(를) 실행할 수 없습니다: {error} (편집 ▸ 환경 설정 ▸ 인수)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="259"/>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="375"/>
        <source>Loading {name}…</source>
        <translation>{name} 불러오는 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="256"/>
        <source>Reading {path}…</source>
        <translation>{path} 읽는 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="269"/>
        <source>Reading {name}: {done} of {total} MB…</source>
        <translation>{name} 읽는 중: {total} MB 중 {done} MB…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="273"/>
        <source>Checking {name}: {done} of {total} nodes…</source>
        <translation>{name} 검사 중: 노드 {total}개 중 {done}개…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="277"/>
        <source>Building the graph of {name}: {done} of {total} nodes and edges…</source>
        <translation>{name}의 그래프 만드는 중: 노드와 엣지 {total}개 중 {done}개…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="310"/>
        <source>Stopped reading {name}: the read was cancelled.</source>
        <translation>{name} 읽기 중지: 읽기가 취소되었습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="381"/>
        <source>Nothing to reload: open a script first (Ctrl+O).</source>
        <translation>다시 불러올 것이 없습니다: 먼저 스크립트를 여세요 (Ctrl+O).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="394"/>
        <source>Running {name} and backward…</source>
        <translation>{name} 실행하고 backward 하는 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="396"/>
        <source>Running {name}…</source>
        <translation>{name} 실행 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="400"/>
        <source>Running {path}…</source>
        <translation>{path} 실행 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="413"/>
        <source>({seconds} s)</source>
        <translation>({seconds}초)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="455"/>
        <source>{seconds:.1f} s</source>
        <translation>{seconds:.1f}초</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="457"/>
        <source>under 0.1 s</source>
        <translation>0.1초 미만</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="463"/>
        <source>Captured {nodes} nodes and {edges} edges in {took}.</source>
        <translation>노드 {nodes}개와 간선 {edges}개를 {took} 만에 기록했습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="475"/>
        <source>Stopped {name}: the run was cancelled.</source>
        <translation>{name} 중지: 실행이 취소되었습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="518"/>
        <source>See the Messages panel for details.</source>
        <translation>자세한 내용은 메시지 패널을 보세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="574"/>
        <source>{name} changed on disk; your unsaved edits in the Source panel are kept. Save writes them over the file; Reset shows the file as it is now.</source>
        <translation>{name}이(가) 디스크에서 바뀌었습니다. 소스 코드 패널에서 저장하지 않은 수정 내용은 그대로 둡니다. 저장하면 그 내용으로 파일을 덮어쓰고, 원래대로를 누르면 지금 디스크에 있는 파일 내용을 보여 줍니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="586"/>
        <source>{name} changed on disk: reloading.</source>
        <translation>{name}이(가) 디스크에서 바뀌었습니다: 다시 불러옵니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="642"/>
        <source>Opened with modules collapsed to depth {depth} ({drawn} of {full} nodes drawn) so its labels are readable at this window&apos;s size. Double-click a module to open it, or use Graph ▸ Expand All Modules (Ctrl+Shift+]) for every node.</source>
        <translation>이 창 크기에서 레이블을 읽을 수 있도록 모듈을 깊이 {depth}까지 접어서 열었습니다(노드 {full}개 중 {drawn}개를 그림). 모듈을 더블클릭하면 펼쳐지고, 모든 노드를 보려면 그래프 ▸ 모든 모듈 펼치기(Ctrl+Shift+])를 쓰세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="715"/>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="740"/>
        <source>Laying out {count} nodes…</source>
        <translation>노드 {count}개 배치 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="718"/>
        <source>Laying out {count} nodes (about {seconds:.0f} s)…</source>
        <translation>노드 {count}개 배치 중 (약 {seconds:.0f}초)…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="734"/>
        <source>Collapsing {module}: laying out {count} nodes…</source>
        <translation>{module}을(를) 접는 중: 노드 {count}개 배치 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="736"/>
        <source>Expanding {module}: laying out {count} nodes…</source>
        <translation>{module}을(를) 펼치는 중: 노드 {count}개 배치 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="738"/>
        <source>Expanding every module: laying out {count} nodes…</source>
        <translation>모든 모듈을 펼치는 중: 노드 {count}개 배치 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="781"/>
        <source>Preparing a view of {count} nodes…</source>
        <translation>노드 {count}개의 보기 준비 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="907"/>
        <source>Layout cancelled. Collapse modules (Graph menu, Modules panel) to lay out a smaller view.</source>
        <translation>배치가 취소되었습니다. 모듈을 접어서(그래프 메뉴, 모듈 패널) 더 작은 보기로 배치하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="915"/>
        <source>Layout cancelled: collapse modules to see a smaller view.</source>
        <translation>배치 취소됨: 모듈을 접으면 더 작은 보기를 볼 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="945"/>
        <source>Exported {path}.</source>
        <translation>{path}(으)로 내보냈습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/controller.py" line="949"/>
        <source>Exported {path}</source>
        <translation>{path}(으)로 내보냈습니다</translation>
    </message>
</context>
<context>
    <name>Doctor</name>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="32"/>
        <source>ok</source>
        <translation>정상</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="33"/>
        <source>missing</source>
        <translation>없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="34"/>
        <source>broken</source>
        <translation>고장</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="36"/>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="37"/>
        <source>graphviz_app</source>
        <translation>graphviz_app</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="38"/>
        <source>Python for scripts</source>
        <translation>스크립트용 Python</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="39"/>
        <source>torch</source>
        <translation>torch</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="40"/>
        <source>Qt (window)</source>
        <translation>Qt (창)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="41"/>
        <source>Graphviz (layout)</source>
        <translation>Graphviz (배치)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="42"/>
        <source>Graphviz, packaged (layout)</source>
        <translation>Graphviz, 패키지 포함 (배치)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="43"/>
        <source>run mode</source>
        <translation>실행 방식</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="44"/>
        <source>language</source>
        <translation>언어</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="46"/>
        <source>{version} at {path}</source>
        <translation>{version}, 위치 {path}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="47"/>
        <source>{path} ({why})</source>
        <translation>{path} ({why})</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="48"/>
        <source>{version} under Python {python}; CUDA: {cuda}; MPS: {mps}</source>
        <translation>{version}, Python {python}; CUDA: {cuda}; MPS: {mps}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="49"/>
        <source>yes ({devices})</source>
        <translation>예 ({devices})</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="50"/>
        <source>no</source>
        <translation>아니요</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="51"/>
        <source>yes</source>
        <translation>예</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="52"/>
        <source>not installed in {python}</source>
        <translation>{python}에 설치되어 있지 않습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="53"/>
        <source>{python} cannot import torch: {error}</source>
        <translation>{python}에서 torch를 가져올 수 없습니다: {error}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="54"/>
        <source>{python} -m pip install torch   (or name another Python: graphviz-app doctor --python PATH)</source>
        <translation>{python} -m pip install torch   (또는 다른 Python을 지정하세요: graphviz-app doctor --python PATH)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="57"/>
        <source>{python} -m pip install --force-reinstall torch</source>
        <translation>{python} -m pip install --force-reinstall torch</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="58"/>
        <source>{python} did not run Python code: {error}</source>
        <translation>{python}이(가) Python 코드를 실행하지 못했습니다: {error}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="59"/>
        <source>name a Python that has torch: graphviz-app --python PATH (and graphviz-app doctor --python PATH)</source>
        <translation>torch가 있는 Python을 지정하세요: graphviz-app --python PATH (그리고 graphviz-app doctor --python PATH)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="63"/>
        <source>{python} is Python {version}; scripts need Python 3.10 or newer</source>
        <translation>{python}은(는) Python {version}입니다. 스크립트에는 Python 3.10 이상이 필요합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="64"/>
        <source>PySide6 {version}, platform &apos;{platform}&apos;</source>
        <translation>PySide6 {version}, 플랫폼 &apos;{platform}&apos;</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="65"/>
        <source>PySide6 is not installed in {python}</source>
        <translation>{python}에 PySide6가 설치되어 있지 않습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="66"/>
        <source>{python} -m pip install PySide6-Essentials</source>
        <translation>{python} -m pip install PySide6-Essentials</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="67"/>
        <source>PySide6 {version} is installed, but Qt could not open a window: {error}</source>
        <translation>PySide6 {version}은(는) 설치되어 있지만 Qt가 창을 열 수 없습니다: {error}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="71"/>
        <source>there is no display: open the app on a desktop, or on a virtual one (xvfb-run -a graphviz-app); graphviz-app export needs no window</source>
        <translation>디스플레이가 없습니다. 데스크톱에서 앱을 열거나 가상 화면에서 여세요(xvfb-run -a graphviz-app). graphviz-app export는 창이 필요 없습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="78"/>
        <source>install the libraries Qt&apos;s xcb plugin needs: sudo apt-get install libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0</source>
        <translation>Qt의 xcb 플러그인에 필요한 라이브러리를 설치하세요: sudo apt-get install libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="84"/>
        <source>reinstall Qt: {python} -m pip install --force-reinstall PySide6-Essentials</source>
        <translation>Qt를 다시 설치하세요: {python} -m pip install --force-reinstall PySide6-Essentials</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="87"/>
        <source>&apos;{program}&apos; was not found on PATH</source>
        <translation>PATH에서 &apos;{program}&apos;을(를) 찾지 못했습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="88"/>
        <source>{path} did not run: {error}</source>
        <translation>{path}이(가) 실행되지 않았습니다: {error}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="96"/>
        <source>{command}   (then open a new terminal)</source>
        <translation>{command}   (그다음 새 터미널을 여세요)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="97"/>
        <source>{package} is not installed in {python}</source>
        <translation>{package}이(가) {python}에 설치되어 있지 않습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="98"/>
        <source>{python} -m pip install {package}</source>
        <translation>{python} -m pip install {package}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="99"/>
        <source>{version} at {path}; the layouts use it</source>
        <translation>{version}, 위치 {path}; 배치에 이것을 씁니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="101"/>
        <source>fork (each run is a fork of a worker that has torch loaded)</source>
        <translation>fork (실행마다 torch를 불러 둔 작업 프로세스를 복제합니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="103"/>
        <source>portable (a fresh Python for each run)</source>
        <translation>portable (실행마다 새 Python)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="104"/>
        <source>{mode}, set by ${variable}</source>
        <translation>{mode}, ${variable}로 설정됨</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="105"/>
        <source>{mode}, this system&apos;s default</source>
        <translation>{mode}, 이 시스템의 기본값</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="106"/>
        <source>unset {variable} (or set it to &apos;portable&apos;)</source>
        <translation>{variable}을(를) 지우세요(또는 &apos;portable&apos;로 설정하세요)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="107"/>
        <source>{language} (Preferences: {choice}; system locale: {locale})</source>
        <translation>{language} (환경설정: {choice}; 시스템 로캘: {locale})</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="108"/>
        <source>English (Qt is needed to read Preferences)</source>
        <translation>영어 (환경설정을 읽으려면 Qt가 필요합니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="110"/>
        <source>English</source>
        <translation>영어</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="111"/>
        <source>Korean</source>
        <translation>한국어</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="113"/>
        <source>Everything graphviz_app needs was found.</source>
        <translation>graphviz_app에 필요한 것을 모두 찾았습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="114"/>
        <source>{count} needed item(s) missing or broken: run the fix under each, then graphviz-app doctor again.</source>
        <translation>필요한 항목 {count}개가 없거나 고장 났습니다. 각 항목 아래의 해결 방법을 실행한 다음 graphviz-app doctor를 다시 실행하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/doctor.py" line="118"/>
        <source>fix: {fix}</source>
        <translation>해결: {fix}</translation>
    </message>
</context>
<context>
    <name>Exercise</name>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="46"/>
        <source>Backward step {index}/{count}: {what} gets grad_out = {grad_out}. Its rule: {rule}. What gradient {gradient} does it send to {name}? Type it below and press Enter, or Skip.</source>
        <translation>역전파 단계 {index}/{count}: {what}이(가) grad_out = {grad_out}을(를) 받습니다. 규칙: {rule}. {name}(으)로 보내는 기울기 {gradient}은(는) 얼마일까요? 아래에 입력하고 Enter를 누르세요(건너뛰려면 건너뛰기).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="51"/>
        <source>Right: {gradient} = {expected}.</source>
        <translation>맞았습니다: {gradient} = {expected}.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="52"/>
        <source>Right: every element of {gradient} ({shape}) is {value}.</source>
        <translation>맞았습니다: {gradient}({shape})의 모든 원소가 {value}입니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="53"/>
        <source>Not quite: the gradient has the shape of {name}, {shape}, but your answer is {answer_shape}. {gradient} = {expected}.</source>
        <translation>아쉽습니다: 기울기는 {name}와(과) 같은 모양 {shape}인데, 입력한 답은 {answer_shape}입니다. {gradient} = {expected}.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="58"/>
        <source>Not quite: you passed grad_out through. Multiply it by the local derivative ∂{out}/∂{name} = {derivative} = {factor}: {gradient} = {grad_out} · {factor} = {expected}.</source>
        <translation>아쉽습니다: grad_out을 그대로 넘겼습니다. 국소 미분 ∂{out}/∂{name} = {derivative} = {factor}을(를) 곱하세요: {gradient} = {grad_out} · {factor} = {expected}.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="63"/>
        <source>Not quite: that is the local derivative ∂{out}/∂{name} = {derivative} alone. Multiply it by grad_out = {grad_out}: {gradient} = {grad_out} · {factor} = {expected}.</source>
        <translation>아쉽습니다: 그것은 국소 미분 ∂{out}/∂{name} = {derivative}뿐입니다. 여기에 grad_out = {grad_out}을(를) 곱하세요: {gradient} = {grad_out} · {factor} = {expected}.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="68"/>
        <source>Not quite: the sign is flipped. {rule}, so {gradient} = {expected}.</source>
        <translation>아쉽습니다: 부호가 반대입니다. {rule}이므로 {gradient} = {expected}입니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="69"/>
        <source>Not quite: {gradient} = grad_out · ∂{out}/∂{name} = {grad_out} · {factor} = {expected} (grad_out times the local derivative {derivative}, element by element).</source>
        <translation>아쉽습니다: {gradient} = grad_out · ∂{out}/∂{name} = {grad_out} · {factor} = {expected} (grad_out과 국소 미분 {derivative}의 원소별 곱).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="74"/>
        <source>Not quite: {rule}, with grad_out = {grad_out}, gives {gradient} = {expected}.</source>
        <translation>아쉽습니다: {rule}에 grad_out = {grad_out}을(를) 넣으면 {gradient} = {expected}입니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="77"/>
        <source>a single number</source>
        <translation>숫자 하나</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="78"/>
        <source>a vector of {count} numbers</source>
        <translation>숫자 {count}개짜리 벡터</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="80"/>
        <source>Type the gradient you expect first: a number (0.25, -1, 1/4) or numbers in brackets ([1, 2] or [[0.75, 3], [6.75, 3]]).</source>
        <translation>먼저 예상하는 기울기를 입력하세요: 숫자(0.25, -1, 1/4) 또는 대괄호 안의 숫자들([1, 2] 또는 [[0.75, 3], [6.75, 3]]).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="85"/>
        <source>“{text}” is not a number: write numbers such as 0.25, -1 or 1/4, and brackets with commas for a vector or a matrix ([1, 2] or [[1, 2], [3, 4]]).</source>
        <translation>“{text}”은(는) 숫자가 아닙니다: 0.25, -1, 1/4 같은 숫자를 쓰고, 벡터나 행렬은 대괄호와 쉼표로 쓰세요([1, 2] 또는 [[1, 2], [3, 4]]).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="90"/>
        <source>A “[” is not closed: end every row with “]”.</source>
        <translation>닫히지 않은 “[”이 있습니다: 모든 행을 “]”로 닫으세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="91"/>
        <source>“{text}” comes after the end of the answer: put several numbers inside brackets, such as [1, 2].</source>
        <translation>답이 끝난 뒤에 “{text}”이(가) 있습니다: 숫자 여러 개는 [1, 2]처럼 대괄호 안에 쓰세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="95"/>
        <source>The rows differ in length ({lengths}): every row of a matrix needs the same number of entries.</source>
        <translation>행의 길이가 다릅니다({lengths}): 행렬의 모든 행은 원소 개수가 같아야 합니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="99"/>
        <source>Numbers and rows are mixed in one list: write [1, 2] for a vector, [[1, 2], [3, 4]] for a matrix.</source>
        <translation>한 목록에 숫자와 행이 섞여 있습니다: 벡터는 [1, 2], 행렬은 [[1, 2], [3, 4]]처럼 쓰세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="103"/>
        <source>“[]” holds no numbers: write the numbers inside the brackets.</source>
        <translation>“[]” 안에 숫자가 없습니다: 대괄호 안에 숫자를 쓰세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="104"/>
        <source>“{text}” divides by zero: use a divisor other than 0.</source>
        <translation>“{text}”은(는) 0으로 나눕니다: 0이 아닌 수로 나누세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="105"/>
        <source>“{text}” is too large to compare: write a finite number.</source>
        <translation>“{text}”은(는) 너무 커서 비교할 수 없습니다: 유한한 숫자를 쓰세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/exercise.py" line="106"/>
        <source>The answer is too long: write at most {limit} numbers, brackets at most {depth} deep.</source>
        <translation>답이 너무 깁니다: 숫자는 {limit}개까지, 대괄호는 {depth}겹까지 쓰세요.</translation>
    </message>
</context>
<context>
    <name>ExerciseRow</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/exercise.py" line="90"/>
        <source>Check</source>
        <translation>확인</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/exercise.py" line="92"/>
        <source>Check your answer and show the step (Enter)</source>
        <translation>답을 확인하고 단계를 보여 줍니다(Enter)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/exercise.py" line="94"/>
        <source>Skip</source>
        <translation>건너뛰기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/exercise.py" line="96"/>
        <source>Show the step without answering (Esc; → steps on)</source>
        <translation>답하지 않고 단계를 봅니다(Esc; →는 다음 단계로)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/exercise.py" line="100"/>
        <source>Your answers in this lesson, kept between sessions</source>
        <translation>이 레슨에서 답한 결과(다시 실행해도 유지됩니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/exercise.py" line="103"/>
        <source>Reset</source>
        <translation>초기화</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/exercise.py" line="104"/>
        <source>Start this lesson&apos;s tally again from 0 of 0</source>
        <translation>이 레슨의 기록을 0개 중 0개부터 다시 셉니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/exercise.py" line="106"/>
        <source>Predict gradients</source>
        <translation>기울기 예측</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/exercise.py" line="110"/>
        <source>Before a backward step shows the gradient an op sends back, type the gradient you expect (on by default for the bundled lessons, off for your own scripts)</source>
        <translation>역전파 단계가 연산이 돌려보내는 기울기를 보여 주기 전에 예상하는 기울기를 입력합니다(기본 레슨에서는 켜져 있고, 직접 만든 스크립트에서는 꺼져 있습니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/exercise.py" line="201"/>
        <source>{gradient} = ?  e.g. 0.25, 1/4 or [[1, 2], [3, 4]]</source>
        <translation>{gradient} = ?  예: 0.25, 1/4 또는 [[1, 2], [3, 4]]</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/exercise.py" line="210"/>
        <source>{right} of {answered} right</source>
        <translation>{answered}개 중 {right}개 맞음</translation>
    </message>
</context>
<context>
    <name>Explanation</name>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="102"/>
        <source>The script did not finish within {seconds} s and was stopped.</source>
        <translation>스크립트가 {seconds}초 안에 끝나지 않아 멈췄습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="103"/>
        <source> It was stuck on line {line}: `{code}`.</source>
        <translation> {line}번째 줄에서 멈춰 있었습니다: `{code}`.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="101"/>
        <source>The run was cancelled.</source>
        <translation>실행이 취소되었습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="122"/>
        <source>The script ended its process with os._exit({status}) before a graph was captured. Remove the os._exit() call to see its graph.</source>
        <translation>그래프를 캡처하기 전에 스크립트가 os._exit({status})로 자기 프로세스를 끝냈습니다. 그래프를 보려면 os._exit() 호출을 지우세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="127"/>
        <source>The script used more than {gib} GiB of memory, the limit of one run, and was stopped. If it really needs more, raise the limit (the GRAPHVIZ_APP_MEMORY_LIMIT_GB environment variable, in GiB; 0 for none); otherwise make the tensors or the batch smaller.</source>
        <translation>스크립트가 한 번 실행의 한도인 {gib} GiB보다 많은 메모리를 써서 멈췄습니다. 정말 더 필요하다면 한도를 늘리세요(환경 변수 GRAPHVIZ_APP_MEMORY_LIMIT_GB, GiB 단위, 0이면 제한 없음). 그렇지 않다면 텐서나 배치를 작게 만드세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="88"/>
        <source>The environment variable GRAPHVIZ_APP_MEMORY_LIMIT_GB is {value}, not a number of GiB. Set it to the most memory one run may use, in GiB (such as 8), or to 0 for no limit, or unset it for the default (75% of this machine&apos;s memory), and start graphviz_app again.</source>
        <translation>환경 변수 GRAPHVIZ_APP_MEMORY_LIMIT_GB의 값 {value}은(는) GiB 단위의 숫자가 아닙니다. 한 번의 실행이 쓸 수 있는 최대 메모리를 GiB 단위로(예: 8) 설정하거나, 한도를 없애려면 0으로 설정하거나, 기본값(이 컴퓨터 메모리의 75%)을 쓰려면 변수를 지운 다음 graphviz_app을 다시 시작하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/wire/protocol.py" line="49"/>
        <source>The environment variable GRAPHVIZ_APP_RUN_MODE is {value}, not &apos;portable&apos; or &apos;fork&apos;. Set it to &apos;portable&apos; (a fresh Python for each run, on any system) or to &apos;fork&apos; (Linux), or unset it to let graphviz_app choose, and start graphviz_app again.</source>
        <translation>환경 변수 GRAPHVIZ_APP_RUN_MODE의 값 {value}은(는) &apos;portable&apos;도 &apos;fork&apos;도 아닙니다. &apos;portable&apos;(실행마다 새 Python, 모든 시스템) 또는 &apos;fork&apos;(Linux)로 설정하거나, graphviz_app이 고르도록 변수를 지운 다음 graphviz_app을 다시 시작하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/wire/protocol.py" line="56"/>
        <source>The environment variable GRAPHVIZ_APP_RUN_MODE is {value}, but this system cannot fork. Set it to &apos;portable&apos;, or unset it to let graphviz_app choose, and start graphviz_app again.</source>
        <translation>환경 변수 GRAPHVIZ_APP_RUN_MODE의 값은 {value}이지만 이 시스템에서는 fork를 쓸 수 없습니다. &apos;portable&apos;로 설정하거나, graphviz_app이 고르도록 변수를 지운 다음 graphviz_app을 다시 시작하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="49"/>
        <source>with --python PATH</source>
        <translation>--python PATH로</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="51"/>
        <source>in Edit ▸ Preferences ▸ Python interpreter</source>
        <translation>편집 ▸ 환경 설정 ▸ Python 인터프리터에서</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="54"/>
        <source>with --python PATH when you start the app (it overrides Preferences)</source>
        <translation>앱을 시작할 때 --python PATH로(환경 설정보다 우선합니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="58"/>
        <source>with --python PATH or in Edit ▸ Preferences ▸ Python interpreter</source>
        <translation>--python PATH 또는 편집 ▸ 환경 설정 ▸ Python 인터프리터에서</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="61"/>
        <source>The Python interpreter {python} ({why}) does not exist. Pick another interpreter {where}.</source>
        <translation>Python 인터프리터 {python}({why})이(가) 없습니다. {where} 다른 인터프리터를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="65"/>
        <source>{python} ({why}) is a folder with no bin/python in it, not a Python interpreter. Pick another interpreter {where}.</source>
        <translation>{python}({why})은(는) 안에 bin/python이 없는 폴더이며 Python 인터프리터가 아닙니다. {where} 다른 인터프리터를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="70"/>
        <source>{python} ({why}) is not executable. Make it executable (chmod +x), or pick another interpreter {where}.</source>
        <translation>{python}({why})은(는) 실행할 수 없는 파일입니다. 실행 권한을 주거나(chmod +x), {where} 다른 인터프리터를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="74"/>
        <source>{python} ({why}) is not a Python interpreter: it could not be started ({error}). Pick another interpreter {where}.</source>
        <translation>{python}({why})은(는) Python 인터프리터가 아닙니다: 시작할 수 없었습니다({error}). {where} 다른 인터프리터를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="79"/>
        <source>{python} ({why}) is not a Python interpreter: it did not run Python code (its output is below). Pick another interpreter {where}.</source>
        <translation>{python}({why})은(는) Python 인터프리터가 아닙니다: Python 코드를 실행하지 않았습니다(출력은 아래에 있습니다). {where} 다른 인터프리터를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="84"/>
        <source>{python} ({why}) is Python {version}; graphviz_app needs Python 3.10 or newer. Make the project&apos;s environment with a newer Python, or pick another interpreter {where}.</source>
        <translation>{python}({why})은(는) Python {version}입니다. graphviz_app에는 Python 3.10 이상이 필요합니다. 더 새로운 Python으로 프로젝트 환경을 만들거나, {where} 다른 인터프리터를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="90"/>
        <source>{python} ({why}) has no torch. Install torch there (`{python} -m pip install torch`), or pick another interpreter {where}.</source>
        <translation>{python}({why})에는 torch가 없습니다. 그곳에 torch를 설치하거나(`{python} -m pip install torch`), {where} 다른 인터프리터를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="95"/>
        <source>{python} ({why}) cannot import torch ({error}). Repair torch there (`{python} -m pip install --force-reinstall torch`), or pick another interpreter {where}.</source>
        <translation>{python}({why})에서 torch를 가져올 수 없습니다({error}). 그곳의 torch를 고치거나(`{python} -m pip install --force-reinstall torch`), {where} 다른 인터프리터를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="102"/>
        <source>The capture worker ({python}, {why}) stopped before it was ready. This is a problem of graphviz_app or of that Python, not of the script: reload to start it again, or report it with the output below.</source>
        <translation>캡처 워커({python}, {why})가 준비되기 전에 멈췄습니다. 스크립트가 아니라 graphviz_app이나 그 Python의 문제입니다. 다시 불러와 워커를 다시 시작하거나, 아래 출력과 함께 알려 주세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="108"/>
        <source>The capture worker ({python}, {why}) stopped unexpectedly. This is a problem of graphviz_app or of that Python, not of the script: reload to start it again, or report it with the output below.</source>
        <translation>캡처 워커({python}, {why})가 예기치 않게 멈췄습니다. 스크립트가 아니라 graphviz_app이나 그 Python의 문제입니다. 다시 불러와 워커를 다시 시작하거나, 아래 출력과 함께 알려 주세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="114"/>
        <source>{python} ({why}) ended while importing torch ({ending}): that torch does not run here (a build for another processor, GPU driver or system, or a damaged install). See it fail with `{python} -c &quot;import torch&quot;`, then repair torch there (`{python} -m pip install --force-reinstall torch`), or pick another interpreter {where}.</source>
        <translation>{python}({why})이(가) torch를 가져오는 중에 끝났습니다({ending}). 그 torch는 여기서 실행되지 않습니다(다른 프로세서, GPU 드라이버나 시스템용 빌드이거나 설치가 손상됨). `{python} -c &quot;import torch&quot;`로 실패를 확인한 뒤 그곳의 torch를 고치거나(`{python} -m pip install --force-reinstall torch`), {where} 다른 인터프리터를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="124"/>
        <source>{python} ({why}) did not finish importing torch in {seconds} s. See where it waits with `{python} -X importtime -c &quot;import torch&quot;` (a network folder, a GPU driver that hangs, or a very slow disk are the usual causes), or pick another interpreter {where}.</source>
        <translation>{python}({why})이(가) {seconds}초 안에 torch 가져오기를 마치지 못했습니다. `{python} -X importtime -c &quot;import torch&quot;`로 어디서 기다리는지 확인하거나(네트워크 폴더, 멈춘 GPU 드라이버, 아주 느린 디스크가 흔한 원인입니다), {where} 다른 인터프리터를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="131"/>
        <source>{python} ({why}) did not start running Python code in {seconds} s: it is not a Python interpreter, or something it runs at start-up (a sitecustomize or .pth file) waits. Check it with `{python} -c &quot;print(1)&quot;`, or pick another interpreter {where}.</source>
        <translation>{python}({why})이(가) {seconds}초 안에 Python 코드를 실행하기 시작하지 않았습니다. Python 인터프리터가 아니거나, 시작할 때 실행하는 것(sitecustomize나 .pth 파일)이 기다리고 있습니다. `{python} -c &quot;print(1)&quot;`로 확인하거나, {where} 다른 인터프리터를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="122"/>
        <source>killed by {signal}</source>
        <translation>{signal}(으)로 종료됨</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="123"/>
        <source>exit status {status}</source>
        <translation>종료 코드 {status}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="138"/>
        <source>The capture worker ({python}, {why}) imported torch but did not become ready in {seconds} s. This is a problem of graphviz_app or of that Python, not of the script: reload to start it again, or report it with the output below.</source>
        <translation>캡처 워커({python}, {why})가 torch를 가져왔지만 {seconds}초 안에 준비되지 않았습니다. 스크립트가 아니라 graphviz_app이나 그 Python의 문제입니다. 다시 불러와 워커를 다시 시작하거나, 아래 출력과 함께 알려 주세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="95"/>
        <source>The working folder {folder} does not exist, so the script cannot run there. Create it, or choose another in Edit ▸ Preferences ▸ Working folder.</source>
        <translation>작업 폴더 {folder}이(가) 없어서 스크립트를 그곳에서 실행할 수 없습니다. 폴더를 만들거나, 편집 ▸ 환경 설정 ▸ 작업 폴더에서 다른 폴더를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="104"/>
        <source> If it needs longer, raise the run time limit; if it loops forever or waits for input, fix the script.</source>
        <translation> 더 오래 걸리는 스크립트라면 실행 시간 제한을 늘리고, 끝없이 반복하거나 입력을 기다린다면 스크립트를 고치세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="108"/>
        <source>The script crashed ({signal}) and its process ended; the app is fine. The output below shows where (a crash in native code, such as a segfault in an extension or ctypes call). Fix the crash and run the script again.</source>
        <translation>스크립트가 비정상 종료되어({signal}) 그 프로세스가 끝났습니다. 앱은 괜찮습니다. 어디서 일어났는지는 아래 출력에 나옵니다(확장 모듈이나 ctypes 호출의 세그멘테이션 오류처럼 네이티브 코드에서 일어난 충돌). 충돌을 고치고 스크립트를 다시 실행하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="115"/>
        <source>graphviz_app could not start the script: {why}. This is a problem of graphviz_app or of this machine (a full or read-only temporary folder), not of the script: free some space in the temporary folder and reload, or report it with the output below.</source>
        <translation>graphviz_app이 스크립트를 시작하지 못했습니다: {why}. 스크립트가 아니라 graphviz_app이나 이 컴퓨터의 문제입니다(임시 폴더가 가득 찼거나 읽기 전용). 임시 폴더의 공간을 비우고 다시 불러오거나, 아래 출력과 함께 알려 주세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="134"/>
        <source>The script left a process running (started with fork or subprocess and not waited for); they were ended with the run.</source>
        <translation>스크립트가 프로세스 하나를 실행 중인 채로 남겼습니다(fork나 subprocess로 시작하고 끝나기를 기다리지 않음). 실행과 함께 끝냈습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="139"/>
        <source>The script left {count} processes running (started with fork or subprocess and not waited for); they were ended with the run.</source>
        <translation>스크립트가 프로세스 {count}개를 실행 중인 채로 남겼습니다(fork나 subprocess로 시작하고 끝나기를 기다리지 않음). 실행과 함께 끝냈습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="43"/>
        <source> Line {line} looks like printed output (it starts with {start}), not code: delete it, or make it a comment with #.</source>
        <translation> {line}번째 줄은 코드가 아니라 출력된 결과로 보입니다({start} 기호로 시작합니다). 그 줄을 지우거나, 맨 앞에 # 기호를 붙여 주석으로 만드세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="48"/>
        <source> The lines of the block that line {line} opens must be indented further than line {line} (4 spaces); code copied from a web page often loses its indentation.</source>
        <translation> {line}번째 줄이 여는 블록의 줄들은 {line}번째 줄보다 더 들여 써야 합니다(공백 4칸). 웹 페이지에서 복사한 코드는 들여쓰기를 잃는 일이 많습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="54"/>
        <source> Line {line} holds two statements whose line break was lost: put `{code}` on a line of its own.</source>
        <translation> {line}번째 줄에는 줄바꿈이 빠져 명령문 두 개가 함께 있습니다. `{code}` 부분을 다음 줄로 옮기세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="60"/>
        <source> ({devices})</source>
        <translation>({devices})</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="61"/>
        <source> and </source>
        <translation>, </translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="70"/>
        <source>Line {line} uses {name} before line {later} assigns it: a script runs from top to bottom (and notebook cells in the order they are run). Move the assignment on line {later} above line {line}, or run that cell first.</source>
        <translation>{line}번째 줄이 {name} 이름을 쓰는데, 이 이름은 {later}번째 줄에 가서야 대입됩니다. 스크립트는 위에서 아래로 실행됩니다(노트북 셀은 실행한 순서대로 실행됩니다). {later}번째 줄의 대입을 {line}번째 줄 위로 옮기거나, 그 셀을 먼저 실행하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="77"/>
        <source>Line {line} uses {name}, which the script never imports or assigns. Add `{statement}` at the top of the script.</source>
        <translation>{line}번째 줄이 {name} 이름을 쓰지만, 스크립트는 이 이름을 가져오지도(import) 대입하지도 않습니다. 스크립트 맨 위에 다음 줄을 추가하세요: `{statement}`</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="82"/>
        <source>Line {line} uses {name}, which the script never assigns. Did you mean {match}? Correct the name on line {line}.</source>
        <translation>{line}번째 줄이 {name} 이름을 쓰지만, 스크립트는 이 이름을 대입하지 않습니다. {match} 이름을 뜻했나요? {line}번째 줄의 이름을 고치세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="87"/>
        <source>Line {line} uses {name}, which the script never assigns or imports. Assign it (or import it) before line {line}, or correct the name.</source>
        <translation>{line}번째 줄이 {name} 이름을 쓰지만, 스크립트는 이 이름을 대입하지도 가져오지도(import) 않습니다. {line}번째 줄보다 앞에서 대입(또는 import)하거나, 이름을 고치세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="92"/>
        <source>{cls}.__init__ (line {start}) does not call super().__init__() first, so torch.nn.Module&apos;s own set-up has not run when line {line} needs it. Call super().__init__() as the first line of {cls}.__init__, before it assigns any layer (`self.name = ...`).</source>
        <translation>{cls}.__init__({start}번째 줄)의 맨 앞에 super().__init__() 호출이 없어서, {line}번째 줄이 모듈을 쓸 때 torch.nn.Module 자체의 준비가 아직 되지 않았습니다. {cls}.__init__의 첫 줄에, 곧 층을 대입하기(`self.name = ...`) 전에 super().__init__() 호출을 넣으세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="99"/>
        <source>Line {line} uses {module}.{name}, which the module {module} does not have. Did you mean {module}.{match}? Correct the name on line {line}.</source>
        <translation>{line}번째 줄이 {module}.{name} 이름을 쓰지만, {module} 모듈에는 그런 이름이 없습니다. {module}.{match} 이름을 뜻했나요? {line}번째 줄의 이름을 고치세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="104"/>
        <source>Line {line} uses .{name} of a {type} object, which has no such attribute. Did you mean .{match}? Correct the name on line {line}.</source>
        <translation>{line}번째 줄이 {type} 객체의 .{name} 속성을 쓰지만, 그런 속성은 없습니다. .{match} 속성을 뜻했나요? {line}번째 줄의 이름을 고치세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="62"/>
        <source>The script raised {exception} on line {line}: {detail}</source>
        <translation>스크립트의 {line}번째 줄에서 {exception}이(가) 발생했습니다: {detail}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="39"/>
        <source>The script has a syntax error on line {line}: {message}. Fix that line and run the script again.</source>
        <translation>스크립트의 {line}번째 줄에 문법 오류가 있습니다: {message}. 그 줄을 고치고 스크립트를 다시 실행하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="63"/>
        <source>The script raised {exception}: {detail}</source>
        <translation>스크립트에서 {exception}이(가) 발생했습니다: {detail}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="64"/>
        <source>The script needs the module {module}{where}, but {package} is not installed for the Python that runs it ({python}). Install it into that Python, then run the script again: {command}</source>
        <translation>스크립트에 {module} 모듈이 필요합니다{where}. 그런데 스크립트를 실행하는 파이썬({python})에는 {package} 패키지가 설치되어 있지 않습니다. 그 파이썬에 설치한 뒤 스크립트를 다시 실행하세요: {command}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="110"/>
        <source>Line {line} (`{code}`) multiplies a {a} tensor by a {b} one, and a matrix product needs the first one&apos;s last size ({inner_a}) to equal the second one&apos;s size before its last ({inner_b}). {fix}</source>
        <translation>{line}번째 줄(`{code}`)은 {a} 텐서에 {b} 텐서를 곱합니다. 행렬 곱은 첫째 텐서의 마지막 크기({inner_a})와 둘째 텐서의 마지막에서 두 번째 크기({inner_b})가 같아야 합니다. {fix}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="116"/>
        <source>Transpose the second one (`.T`): {a} @ {b_t} works and gives {result}.</source>
        <translation>둘째 텐서를 전치하세요(`.T`): {a} @ {b_t}은(는) 곱할 수 있고 결과는 {result}입니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="119"/>
        <source>Transpose the first one (`.T`): {a_t} @ {b} works and gives {result}.</source>
        <translation>첫째 텐서를 전치하세요(`.T`): {a_t} @ {b}은(는) 곱할 수 있고 결과는 {result}입니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="122"/>
        <source>Make the two sizes agree: give the first tensor {inner_b} in its last dimension, or, when the second is an nn.Linear layer&apos;s weight, create the layer with in_features={inner_a}; use .reshape(...) when the sizes are right but arranged differently.</source>
        <translation>두 크기를 맞추세요: 첫째 텐서의 마지막 차원을 {inner_b}(으)로 하거나, 둘째가 nn.Linear 층의 가중치라면 그 층을 in_features={inner_a}(으)로 만드세요. 크기는 맞는데 배치만 다르면 .reshape(...)를 쓰세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="128"/>
        <source>Line {line} (`{code}`) combines two tensors element by element whose sizes differ in dimension {dim}: {size_a} and {size_b}{shapes}. An element-wise operation needs equal sizes there, or a size of 1 in one of them (broadcasting). Make them agree (.reshape(...), or .unsqueeze(...) to add a dimension of size 1), or use @ if you meant a matrix product.</source>
        <translation>{line}번째 줄(`{code}`)은 {dim}번 차원의 크기가 서로 다른 두 텐서를 원소별로 계산합니다: {size_a}와(과) {size_b}{shapes}. 원소별 연산은 그 차원의 크기가 같거나 한쪽이 1이어야 합니다(브로드캐스팅). 크기를 맞추거나(.reshape(...), 또는 크기 1인 차원을 더하는 .unsqueeze(...)), 행렬 곱을 뜻했다면 @를 쓰세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="135"/>
        <source> ({shapes})</source>
        <translation> ({shapes})</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="136"/>
        <source>{name} is {shape}</source>
        <translation>{name}은(는) {shape}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="137"/>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="144"/>
        <source>backward() ran a second time through a graph whose saved tensors the first backward() freed. Pass retain_graph=True to the first backward() if you really need two, or recompute the forward pass before each backward().</source>
        <translation>backward()가 같은 그래프를 두 번째로 지나갔는데, 그 그래프에 저장된 텐서는 첫 번째 backward()가 이미 해제했습니다. 정말 두 번 필요하다면 첫 번째 backward()에 retain_graph=True를 넘기고, 아니라면 backward()를 부를 때마다 순전파를 다시 계산하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="154"/>
        <source>A tensor that backward needs was changed in place (e.g. `x += 1`, `x.relu_()`, `x[0] = 0`) after autograd saved it. Use the out-of-place form (`x = x + 1`, `x.relu()`) or change a clone() instead.</source>
        <translation>backward에 필요한 텐서가 autograd에 저장된 뒤에 제자리(in-place)에서 바뀌었습니다(예: `x += 1`, `x.relu_()`, `x[0] = 0`). 새 텐서를 만드는 형태(`x = x + 1`, `x.relu()`)를 쓰거나, clone()한 사본을 바꾸세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="166"/>
        <source>An operation combined tensors on different devices{devices}. Move them to one device first with .to(device) (for example x.to(w.device)). The meta device holds no data, so nothing can be copied back from it.</source>
        <translation>한 연산이 서로 다른 장치{devices}에 있는 텐서들을 함께 썼습니다. 먼저 .to(device)로 한 장치에 모으세요(예: x.to(w.device)). meta 장치에는 데이터가 없으므로 거기서는 아무것도 복사해 올 수 없습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="177"/>
        <source>This machine has no CUDA GPU{where}. Use `torch.device(&quot;cuda&quot; if torch.cuda.is_available() else &quot;cpu&quot;)`, or &apos;meta&apos; to see device moves without a GPU.</source>
        <translation>이 컴퓨터에는 CUDA GPU가 없습니다{where}. `torch.device(&quot;cuda&quot; if torch.cuda.is_available() else &quot;cpu&quot;)`를 쓰거나, GPU 없이 장치 이동을 보려면 &apos;meta&apos;를 쓰세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="186"/>
        <source>Only floating point (and complex) tensors can require gradients, and this one holds integers. Create it as float: torch.tensor([1., 2.], requires_grad=True), or call .float() before .requires_grad_().</source>
        <translation>기울기를 요구할 수 있는 텐서는 부동소수점(과 복소수) 텐서뿐인데, 이 텐서에는 정수가 들어 있습니다. float로 만드세요: torch.tensor([1., 2.], requires_grad=True). 또는 .requires_grad_() 앞에서 .float()를 호출하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="196"/>
        <source>backward() was called on a tensor that autograd recorded no graph for: nothing it was computed from requires grad, or it was computed under torch.no_grad(). Give its inputs requires_grad=True (or use an nn.Module&apos;s parameters) and compute it with grad enabled.</source>
        <translation>autograd가 그래프를 기록하지 않은 텐서에서 backward()를 호출했습니다: 이 텐서를 계산하는 데 쓰인 것 중 기울기를 요구하는(requires_grad) 것이 없거나, torch.no_grad() 안에서 계산되었습니다. 입력에 requires_grad=True를 주고(또는 nn.Module의 파라미터를 쓰고) 기울기 계산이 켜진 상태에서 계산하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="206"/>
        <source>view() can only reshape a tensor whose elements lie in memory in the order of its shape (contiguous), and this one does not{where}: a transpose (.t(), .transpose()) or a slice changed its strides. Use .reshape(...), which copies when it must, or call .contiguous() before .view(...).</source>
        <translation>view()는 원소가 모양의 순서대로 메모리에 놓인(contiguous) 텐서만 모양을 바꿀 수 있는데, 이 텐서는 그렇지 않습니다{where}: 전치(.t(), .transpose())나 슬라이스가 stride를 바꿨습니다. 필요할 때 복사하는 .reshape(...)를 쓰거나, .view(...) 앞에 .contiguous()를 호출하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="217"/>
        <source>numpy() cannot take a tensor that requires grad{where}: the array would leave the graph without saying so. Cut it out of the graph first: x.detach().numpy() (from a GPU: x.detach().cpu().numpy()).</source>
        <translation>numpy()는 기울기를 요구하는 텐서를 받을 수 없습니다{where}: 배열이 아무 말 없이 그래프를 벗어나게 되기 때문입니다. 먼저 그래프에서 떼어 내세요: x.detach().numpy() (GPU에 있으면 x.detach().cpu().numpy()).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="227"/>
        <source>numpy() can only read a tensor on the cpu, and this one is on another device{where}. Copy it to the cpu first: x.detach().cpu().numpy() (or .to(&apos;cpu&apos;)).</source>
        <translation>numpy()는 cpu에 있는 텐서만 읽을 수 있는데, 이 텐서는 다른 장치에 있습니다{where}. 먼저 cpu로 복사하세요: x.detach().cpu().numpy() (또는 .to(&apos;cpu&apos;)).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="31"/>
        <source>graphviz_app failed while {doing} ({error}). This is a bug in graphviz_app, not in the script; please report it with the traceback below.</source>
        <translation>graphviz_app이 {doing} 중에 실패했습니다({error}). 스크립트가 아니라 graphviz_app의 버그입니다. 아래 트레이스백과 함께 알려 주세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="80"/>
        <source>The script called sys.exit({status}) before it finished. Remove the sys.exit() call (or make it exit with 0) to see its graph.</source>
        <translation>스크립트가 끝나기 전에 sys.exit({status})를 호출했습니다. 그래프를 보려면 sys.exit() 호출을 지우세요(또는 0으로 끝내세요).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="131"/>
        <source>The script called backward() {count} time(s); there is no call number {call} to show. Pick a call from 1 to {last}.</source>
        <translation>스크립트는 backward()를 {count}번 호출했으므로 보여 줄 {call}번째 호출이 없습니다. 1부터 {last}까지에서 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/outputs.py" line="30"/>
        <source>The script built no autograd graph: its operations on line {line} ran under torch.no_grad() (or with grad disabled), so autograd recorded nothing. Compute the output outside the torch.no_grad() block to see its graph.</source>
        <translation>스크립트가 autograd 그래프를 만들지 않았습니다: {line}번째 줄의 연산이 torch.no_grad() 안에서(또는 기울기 계산이 꺼진 채로) 실행되어 autograd가 아무것도 기록하지 않았습니다. 그래프를 보려면 출력을 torch.no_grad() 블록 밖에서 계산하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/outputs.py" line="37"/>
        <source>The script built no autograd graph that it kept: tensors (or module parameters) require grad, but no result computed from them is still alive when the script ends (results dropped inside functions, or detached, are gone). Assign the output to a top-level variable (for example `loss = ...`), or return it from the function that computes it.</source>
        <translation>스크립트가 남겨 둔 autograd 그래프가 없습니다: 텐서(또는 모듈 파라미터)가 기울기를 요구하지만, 그것으로 계산한 결과가 스크립트가 끝날 때 하나도 남아 있지 않습니다(함수 안에서 버려지거나 detach된 결과는 사라집니다). 출력을 최상위 변수에 대입하거나(예: `loss = ...`), 그것을 계산하는 함수에서 반환하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/outputs.py" line="46"/>
        <source>The script built no autograd graph: none of its tensors requires grad. Create inputs or weights with requires_grad=True (torch.tensor(..., requires_grad=True)), or define a `model` (nn.Module) and `inputs` so its parameters are used.</source>
        <translation>스크립트가 autograd 그래프를 만들지 않았습니다: 기울기를 요구하는 텐서가 하나도 없습니다. 입력이나 가중치를 requires_grad=True로 만들거나(torch.tensor(..., requires_grad=True)), 파라미터가 쓰이도록 `model`(nn.Module)과 `inputs`를 정의하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/outputs.py" line="53"/>
        <source>The script built no autograd graph that it kept: line {line} cuts {name} out of the graph with .detach() (`{code}`), and after the cut only detached tensors (and numpy arrays made from them) are left, which carry no graph. That is what .detach() is for. To see the graph up to the cut, keep the result of an operation in a variable of its own before detaching it: y = w * 3, then y_np = y.detach().cpu().numpy().</source>
        <translation>스크립트가 남겨 둔 autograd 그래프가 없습니다: {line}번째 줄이 .detach()로 {name} 텐서를 그래프에서 떼어 냈고(`{code}`), 그 뒤에는 detach된 텐서와 그것으로 만든 numpy 배열만 남았는데, 이들에는 그래프가 없습니다. .detach()는 바로 그 일을 합니다. 떼어 내기 전까지의 그래프를 보려면, 연산 결과를 떼어 내기 전에 따로 변수에 두세요: y = w * 3, 그다음 y_np = y.detach().cpu().numpy().</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/outputs.py" line="25"/>
        <source>The script has no tensor named {name} with an autograd graph. Outputs to choose from: {choices}.</source>
        <translation>스크립트에 autograd 그래프가 있는 {name} 텐서가 없습니다. 고를 수 있는 출력: {choices}.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/outputs.py" line="19"/>
        <source>build() must return a dict with &apos;model&apos; (an nn.Module) and &apos;inputs&apos; (a tuple), optionally &apos;target&apos; and &apos;loss_fn&apos;; or a tuple (model, inputs[, target, loss_fn]).</source>
        <translation>build()는 &apos;model&apos;(nn.Module)과 &apos;inputs&apos;(튜플)을, 필요하면 &apos;target&apos;과 &apos;loss_fn&apos;도 담은 dict를 반환하거나, 튜플 (model, inputs[, target, loss_fn])을 반환해야 합니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/child.py" line="25"/>
        <source>graphviz_app could not write this graph: {error}</source>
        <translation>graphviz_app이 이 그래프를 쓰지 못했습니다: {error}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/child.py" line="26"/>
        <source>graphviz_app could not capture this script: {error}</source>
        <translation>graphviz_app이 이 스크립트를 캡처하지 못했습니다: {error}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="85"/>
        <source>The script called sys.exit(0); its graph is shown as it stood then.</source>
        <translation>스크립트가 sys.exit(0)을 호출했습니다. 그 시점의 그래프를 보여 줍니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="88"/>
        <source> In-place changes of tensors that require grad: {changes}.</source>
        <translation> 기울기를 요구하는 텐서를 제자리에서 바꾼 곳: {changes}.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="92"/>
        <source>{where} reads .grad of an intermediate (non-leaf) tensor, which is None: autograd keeps .grad only for leaf tensors. Call .retain_grad() on that tensor before backward() to keep its gradient.</source>
        <translation>{where}에서 중간(리프가 아닌) 텐서의 .grad를 읽는데, 그 값은 None입니다: autograd는 리프 텐서의 .grad만 남깁니다. 그 기울기를 남기려면 backward() 전에 그 텐서에서 .retain_grad()를 호출하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="105"/>
        <source>Showing the graph of the script&apos;s {function} call number {call}.</source>
        <translation>스크립트의 {call}번째 {function} 호출의 그래프를 보여 줍니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="108"/>
        <source>Showing the graph of the gradients the script&apos;s torch.autograd.grad(create_graph=True) call number {call} returned: the graph a backward of those gradients runs through.</source>
        <translation>스크립트의 {call}번째 torch.autograd.grad(create_graph=True) 호출이 돌려준 그래디언트의 그래프를 보여 줍니다. 그 그래디언트에서 backward를 실행하면 지나가는 그래프입니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="113"/>
        <source>The gradients that torch.autograd.grad() call number {call} returned have no graph: they depend on no tensor that requires grad (the gradient of 3 * x is the constant 3). Pick another call to capture.</source>
        <translation>{call}번째 torch.autograd.grad() 호출이 돌려준 그래디언트에는 그래프가 없습니다. grad가 필요한 텐서에 의존하지 않기 때문입니다(3 * x의 그래디언트는 상수 3입니다). 캡처할 다른 호출을 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="119"/>
        <source>backward() failed at {op}: </source>
        <translation>backward()가 {op}에서 실패했습니다: </translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="120"/>
        <source>backward() failed: </source>
        <translation>backward()가 실패했습니다: </translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="121"/>
        <source> The graph is shown as it stood, with the gradients the engine computed before it stopped.</source>
        <translation> 그래프는 그 시점의 모습으로, 엔진이 멈추기 전에 계산한 기울기와 함께 보여 줍니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="125"/>
        <source>Stopped after {function} call {call} on line {line}; the rest of the script did not run.</source>
        <translation>{line}번째 줄의 {call}번째 {function} 호출 뒤에 멈췄습니다. 스크립트의 나머지는 실행하지 않았습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="128"/>
        <source>Stopped after {function} call {call}; the rest of the script did not run.</source>
        <translation>{call}번째 {function} 호출 뒤에 멈췄습니다. 스크립트의 나머지는 실행하지 않았습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="136"/>
        <source>The script kept no variable holding its output; the graph shown ends at the last result it computed (bind it to a variable, e.g. `loss = ...`, to choose another).</source>
        <translation>스크립트에 출력을 담은 변수가 남아 있지 않습니다. 보여 주는 그래프는 마지막으로 계산한 결과에서 끝납니다(다른 출력을 고르려면 `loss = ...`처럼 변수에 대입하세요).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="142"/>
        <source>Backward stopped: {error}. The meta device holds no data, so no gradient can flow back through a copy to it. Gradients are shown for the nodes the engine reached before that.</source>
        <translation>역전파가 멈췄습니다: {error}. meta 장치에는 데이터가 없으므로 그곳으로의 복사를 거쳐 기울기가 거꾸로 흐를 수 없습니다. 엔진이 그 전에 도달한 노드의 기울기를 보여 줍니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="148"/>
        <source>Gradient health was asked for {wanted} backward() calls; the script made {count}, so it covers those.</source>
        <translation>기울기 건강을 backward() 호출 {wanted}번에 대해 요청했지만 스크립트가 {count}번만 호출해서, 그 호출들만 담았습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="152"/>
        <source>No gradient health was recorded: the script made no backward() call of its own. Gradient health follows a training loop&apos;s loss.backward() calls.</source>
        <translation>기울기 건강을 기록하지 못했습니다: 스크립트가 직접 부른 backward() 호출이 없습니다. 기울기 건강은 학습 루프의 loss.backward() 호출을 따라갑니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="157"/>
        <source>Backward stopped: {error}. Gradients are shown for the nodes the engine reached before that.</source>
        <translation>역전파가 멈췄습니다: {error}. 엔진이 그 전에 도달한 노드의 기울기를 보여 줍니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="98"/>
        <source>graphviz_app failed to record part of this graph ({error}): a bug in graphviz_app, not in the script, which ran unchanged. Some values or gradients may be missing; please report it with the traceback in the graph&apos;s &apos;internal_errors&apos;.</source>
        <translation>graphviz_app이 이 그래프의 일부를 기록하지 못했습니다({error}): 스크립트가 아니라 graphviz_app의 버그이며, 스크립트는 바뀌지 않고 실행되었습니다. 일부 값이나 기울기가 빠져 있을 수 있습니다. 그래프의 &apos;internal_errors&apos;에 있는 트레이스백과 함께 알려 주세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/backward.py" line="52"/>
        <source>An output of shape {shape} is not a scalar: backward was seeded with ones, as torch.autograd.backward(out, torch.ones_like(out)) would.</source>
        <translation>모양이 {shape}인 출력은 스칼라가 아닙니다: torch.autograd.backward(out, torch.ones_like(out))처럼 1로 채운 기울기에서 역전파를 시작했습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="71"/>
        <source>Coloring by gradient needs gradients, but this graph has none (backward did not run), so every node is drawn gray. Run the script with backward to see gradient norms.</source>
        <translation>기울기로 색칠하려면 기울기가 있어야 하는데, 이 그래프에는 없습니다(역전파를 실행하지 않음). 그래서 모든 노드를 회색으로 그립니다. 기울기 크기를 보려면 역전파와 함께 스크립트를 실행하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/figures.py" line="61"/>
        <source>{where} picks matplotlib&apos;s {name} backend, which opens windows that no one can close here: graphviz_app draws the figures without windows instead and keeps them with the graph (the Plots panel).</source>
        <translation>{where}에서 창을 여는 matplotlib의 {name} 백엔드를 고릅니다. 여기서는 그 창을 닫을 사람이 없으므로 graphviz_app이 대신 창 없이 그림을 그려 그래프와 함께 보관합니다(플롯 패널).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/figures.py" line="69"/>
        <source>The script made {count} figures; the first {kept} are kept (close figures you no longer need, or save fewer).</source>
        <translation>스크립트가 그림을 {count}개 만들었습니다. 처음 {kept}개만 보관합니다(필요 없는 그림은 닫거나, 더 적게 저장하세요).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/figures.py" line="74"/>
        <source>Figures too big to keep, even drawn smaller, were left out: {names}. Make them smaller (figsize, dpi) or save them to a file.</source>
        <translation>작게 그려도 보관하기에 너무 큰 그림은 뺐습니다: {names}. 그림을 더 작게 만들거나(figsize, dpi) 파일로 저장하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/figures.py" line="79"/>
        <source>matplotlib could not draw some figures: {errors}.</source>
        <translation>matplotlib이 일부 그림을 그리지 못했습니다: {errors}.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="79"/>
        <source>No such file: {path}. Check the path and try again.</source>
        <translation>파일이 없습니다: {path}. 경로를 확인하고 다시 시도하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="69"/>
        <source>No such file: {path}. Check the path.</source>
        <translation>파일이 없습니다: {path}. 경로를 확인하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/file_kind.py" line="28"/>
        <source>No such file: {path}.</source>
        <translation>파일이 없습니다: {path}.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="70"/>
        <source>Cannot read {path}: {reason}.</source>
        <translation>{path}을(를) 읽을 수 없습니다: {reason}.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/file_kind.py" line="32"/>
        <source>{path}: cannot be read ({reason}).</source>
        <translation>{path}: 읽을 수 없습니다({reason}).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="80"/>
        <source>{path} is a folder, not a Python script. Open a .py file.</source>
        <translation>{path}은(는) 폴더이지 Python 스크립트가 아닙니다. .py 파일을 여세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/file_kind.py" line="29"/>
        <source>{path} is a folder: choose a .py script or a .json graph saved by graphviz_app.</source>
        <translation>{path}은(는) 폴더입니다: .py 스크립트나 graphviz_app이 저장한 .json 그래프를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/saved_graph.py" line="58"/>
        <source>{path} is a folder, not {what}.</source>
        <translation>{path}은(는) 폴더이지 {what}이(가) 아닙니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="81"/>
        <source>{path} is not a regular file (a device or a pipe), not a Python script. Open a .py file.</source>
        <translation>{path}은(는) 일반 파일이 아니어서(장치나 파이프) Python 스크립트가 아닙니다. .py 파일을 여세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/file_kind.py" line="33"/>
        <source>{path} is {special}, not a regular file: it was not read or run. Choose a .py script or a .json graph saved by graphviz_app.</source>
        <translation>{path}은(는) 일반 파일이 아니라 {special}입니다: 읽지도 실행하지도 않았습니다. .py 스크립트나 graphviz_app이 저장한 .json 그래프를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/saved_graph.py" line="59"/>
        <source>{path} is {special}, not {what}: it was not read. Choose a regular file.</source>
        <translation>{path}은(는) {what}이(가) 아니라 {special}입니다: 읽지 않았습니다. 일반 파일을 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="84"/>
        <source>{path} holds {size} MiB, too much for a Python script (at most {limit} MiB). Open the script, not a data file.</source>
        <translation>{path}의 크기는 {size} MiB로, Python 스크립트로는 너무 큽니다(최대 {limit} MiB). 데이터 파일이 아니라 스크립트를 여세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/file_kind.py" line="38"/>
        <source>{path} holds {size} bytes, more than the {limit} bytes of a script graphviz_app runs: it was not run.</source>
        <translation>{path}의 크기는 {size}바이트로, graphviz_app이 실행하는 스크립트의 한도 {limit}바이트를 넘습니다: 실행하지 않았습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/saved_graph.py" line="62"/>
        <source>{path} holds {size} bytes, more than the {limit} bytes graphviz_app reads as {what}: it was not read.</source>
        <translation>{path}의 크기는 {size}바이트로, graphviz_app이 {what}(으)로 읽는 한도 {limit}바이트를 넘습니다: 읽지 않았습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/saved_graph.py" line="66"/>
        <source>{path} grew past {limit} bytes while being read: it was not read.</source>
        <translation>{path}이(가) 읽는 도중에 {limit}바이트를 넘게 커졌습니다: 읽지 않았습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="71"/>
        <source>{name} is not a Python script (it is not text). Open a .py file, or a .json graph saved by graphviz_app.</source>
        <translation>{name}은(는) Python 스크립트가 아닙니다(텍스트가 아닙니다). .py 파일이나 graphviz_app이 저장한 .json 그래프를 여세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="75"/>
        <source>{name} is not a Python script (line {line}: {message}). Open a .py file, or a .json graph saved by graphviz_app.</source>
        <translation>{name}은(는) Python 스크립트가 아닙니다({line}번째 줄: {message}). .py 파일이나 graphviz_app이 저장한 .json 그래프를 여세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/file_kind.py" line="42"/>
        <source>{name} is a saved graph: it is read, no code runs.</source>
        <translation>{name}은(는) 저장된 그래프입니다: 읽기만 하고 코드는 실행하지 않습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/file_kind.py" line="43"/>
        <source>{name} is a Python script: it runs in a separate worker process.</source>
        <translation>{name}은(는) Python 스크립트입니다: 별도의 워커 프로세스에서 실행됩니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/file_kind.py" line="46"/>
        <source>{name} runs as a Python script, as you asked, although its name does not end in .py.</source>
        <translation>{name}은(는) 이름이 .py로 끝나지 않지만, 요청하신 대로 Python 스크립트로 실행합니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/file_kind.py" line="49"/>
        <source>{path}: graphviz_app reads graphs it saved as .json; a {suffix} file is Graphviz text, not a script; it was not run. Open the .py script the graph came from, or its .json export.</source>
        <translation>{path}: graphviz_app은 자신이 .json으로 저장한 그래프를 읽습니다. {suffix} 파일은 스크립트가 아니라 Graphviz 텍스트이므로 실행하지 않았습니다. 그래프를 만든 .py 스크립트나 그 그래프를 .json으로 내보낸 파일을 여세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/file_kind.py" line="55"/>
        <source>{path}: {shown} is not a Python script or a saved graph; it was not run. graphviz_app runs .py scripts and reads .json graphs it saved. To run it as Python anyway, rename it to .py (or pass --run-as-python to the command line).</source>
        <translation>{path}: {shown}은(는) Python 스크립트도 저장된 그래프도 아니므로 실행하지 않았습니다. graphviz_app은 .py 스크립트를 실행하고, 자신이 저장한 .json 그래프를 읽습니다. 그래도 Python으로 실행하려면 이름을 .py로 바꾸세요(또는 명령줄에서 --run-as-python을 주세요).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/errors.py" line="15"/>
        <source>No Graphviz engine was found: neither Graphviz&apos;s &apos;dot&apos; on PATH nor the packaged engine (the Python package graphviz-pure, for {python}). Install the packaged one: &apos;pip install graphviz-pure&apos; (Windows, macOS, Linux), or Graphviz: &apos;sudo apt-get install graphviz&apos; (Debian/Ubuntu), &apos;brew install graphviz&apos; (macOS), &apos;conda install -c conda-forge graphviz&apos;.</source>
        <translation>Graphviz 엔진을 찾지 못했습니다: PATH에 Graphviz의 &apos;dot&apos;이 없고, 패키지 엔진({python}용 Python 패키지 graphviz-pure)도 없습니다. 패키지 엔진을 설치하세요: &apos;pip install graphviz-pure&apos;(Windows, macOS, Linux). 또는 Graphviz를 설치하세요: &apos;sudo apt-get install graphviz&apos;(Debian/Ubuntu), &apos;brew install graphviz&apos;(macOS), &apos;conda install -c conda-forge graphviz&apos;.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/errors.py" line="22"/>
        <source>Graphviz&apos;s &apos;dot&apos; program was not found on PATH, and the engine setting is &apos;system&apos;. Install Graphviz: &apos;sudo apt-get install graphviz&apos; (Debian/Ubuntu), &apos;brew install graphviz&apos; (macOS), &apos;conda install -c conda-forge graphviz&apos;; or choose the packaged engine (--engine packaged, or Preferences).</source>
        <translation>PATH에서 Graphviz의 &apos;dot&apos; 프로그램을 찾지 못했고, 엔진 설정은 &apos;system&apos;입니다. Graphviz를 설치하세요: &apos;sudo apt-get install graphviz&apos;(Debian/Ubuntu), &apos;brew install graphviz&apos;(macOS), &apos;conda install -c conda-forge graphviz&apos;. 또는 패키지 엔진을 고르세요(--engine packaged, 또는 환경 설정).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/errors.py" line="29"/>
        <source>The packaged Graphviz engine (the Python package graphviz-pure) is not installed for {python}, and the engine setting is &apos;packaged&apos;. Install it: &apos;pip install graphviz-pure&apos; (Windows x64, macOS, Linux x86-64 and aarch64); or choose the system engine (--engine system, or Preferences) with Graphviz installed.</source>
        <translation>패키지 Graphviz 엔진(Python 패키지 graphviz-pure)이 {python}에 설치되어 있지 않고, 엔진 설정은 &apos;packaged&apos;입니다. 설치하세요: &apos;pip install graphviz-pure&apos;(Windows x64, macOS, Linux x86-64와 aarch64). 또는 Graphviz를 설치하고 시스템 엔진을 고르세요(--engine system, 또는 환경 설정).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/errors.py" line="36"/>
        <source>{path}: {headline}: {field} must be {expected}{seen}. The file is damaged or was not written by graphviz_app; nothing was run. Export the graph again from its script, or open the script itself.</source>
        <translation>{path}: {headline}. 위치: {field}, 있어야 할 것: {expected}{seen}. 파일이 손상되었거나 graphviz_app이 쓴 파일이 아닙니다. 아무것도 실행하지 않았습니다. 그래프를 스크립트에서 다시 내보내거나, 스크립트를 직접 여세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/errors.py" line="44"/>
        <source>The script failed.</source>
        <translation>스크립트가 실패했습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/graph_file.py" line="20"/>
        <source>This is not a graphviz_app graph: it has no &apos;nodes&apos; list.</source>
        <translation>graphviz_app 그래프가 아닙니다: &apos;nodes&apos; 목록이 없습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/graph_file.py" line="21"/>
        <source>This graph file has schema version {version}; this graphviz_app reads versions up to {latest}. Re-export it with this version, or upgrade graphviz_app.</source>
        <translation>이 그래프 파일의 스키마 버전은 {version}인데, 이 graphviz_app은 버전 {latest}까지 읽습니다. 이 버전으로 다시 내보내거나 graphviz_app을 업그레이드하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/graph_file.py" line="27"/>
        <source>This graphviz_app graph is malformed ({error}): every node needs an &apos;id&apos; and every edge a &apos;source&apos; and a &apos;target&apos;. Re-export it with graphviz_app.</source>
        <translation>이 graphviz_app 그래프는 형식이 잘못되었습니다({error}): 모든 노드에는 &apos;id&apos;가, 모든 간선에는 &apos;source&apos;와 &apos;target&apos;이 있어야 합니다. graphviz_app으로 다시 내보내세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="63"/>
        <source>Unknown color mode {mode}; use one of {modes}.</source>
        <translation>알 수 없는 색 모드 {mode}입니다. 다음 중 하나를 쓰세요: {modes}.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="77"/>
        <source>Coloring by memory kept for backward needs the bytes the capture measures, but this graph has none (it was saved before they were measured, or its saved values were left out), so every node is drawn as not measured. Export the script itself, not a saved graph, to see them.</source>
        <translation>역전파 보관량으로 색칠하려면 캡처가 잰 바이트 수가 있어야 하는데, 이 그래프에는 없습니다(바이트 수를 재기 전에 저장되었거나 저장된 값이 빠졌음). 그래서 모든 노드를 &apos;측정 안 됨&apos;으로 그립니다. 바이트 수를 보려면 저장된 그래프가 아니라 스크립트를 직접 내보내세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="83"/>
        <source>Coloring by time needs the times the capture measures, but this graph has none (it was saved before they were measured), so every node is drawn as not measured. Export the script itself, not a saved graph, to see them.</source>
        <translation>시간으로 색칠하려면 캡처가 잰 시간이 있어야 하는데, 이 그래프에는 없습니다(시간을 재기 전에 저장되었음). 그래서 모든 노드를 &apos;측정 안 됨&apos;으로 그립니다. 시간을 보려면 저장된 그래프가 아니라 스크립트를 직접 내보내세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="89"/>
        <source>Coloring by gradient health needs the gradient norms a training loop&apos;s run records, but this graph has none, so every node is drawn plain. Export the script with --health N.</source>
        <translation>기울기 건강으로 색칠하려면 학습 루프를 실행하며 기록한 기울기 크기가 필요하지만 이 그래프에는 없어서 모든 노드를 기본색으로 그립니다. 스크립트를 --health N으로 내보내세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="94"/>
        <source>The image scale must be a positive number, not {scale}.</source>
        <translation>이미지 배율은 양수여야 합니다({scale}은(는) 쓸 수 없습니다).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="95"/>
        <source>Cannot export to {path}: {shown} is not a supported file type. Use one of: {suffixes}.</source>
        <translation>{path}(으)로 내보낼 수 없습니다: {shown}은(는) 지원하는 파일 형식이 아닙니다. 다음 중 하나를 쓰세요: {suffixes}.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="98"/>
        <source>no suffix</source>
        <translation>확장자 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="99"/>
        <source>Cannot export to {path}: it is a folder. Give a file name, e.g. {example}.</source>
        <translation>{path}(으)로 내보낼 수 없습니다: 폴더입니다. 파일 이름을 주세요(예: {example}).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="102"/>
        <source>Cannot export to {path}: it is the graph&apos;s own input file ({kept}), which the export would overwrite. Choose another output name.</source>
        <translation>{path}(으)로 내보낼 수 없습니다: 그래프의 입력 파일({kept})이어서 내보내면 덮어쓰게 됩니다. 다른 출력 이름을 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="107"/>
        <source>Cannot export to {path}: the folder {folder} does not exist. Create it first or choose another folder.</source>
        <translation>{path}(으)로 내보낼 수 없습니다: 폴더 {folder}이(가) 없습니다. 먼저 만들거나 다른 폴더를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="111"/>
        <source>Cannot export to {path}: {folder} is a file, not a folder. Choose another folder.</source>
        <translation>{path}(으)로 내보낼 수 없습니다: {folder}은(는) 폴더가 아니라 파일입니다. 다른 폴더를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="114"/>
        <source>Cannot export to {path}: it exists and is not a regular file (a FIFO, device or socket), so it is not replaced. Choose another output name.</source>
        <translation>{path}(으)로 내보낼 수 없습니다: 이미 있는 일반 파일이 아닌 것(FIFO, 장치, 소켓)이어서 바꾸지 않습니다. 다른 출력 이름을 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="120"/>
        <source>Cannot export to {path}: the file exists and is read-only, so it is not replaced. Make it writable, or choose another name.</source>
        <translation>{path}(으)로 내보낼 수 없습니다: 이미 있는 읽기 전용 파일이어서 바꾸지 않습니다. 쓰기 가능하게 하거나 다른 이름을 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="125"/>
        <source>Cannot write {path}: the folder {folder} is not writable ({reason}). Choose a folder you can write to, or fix its permissions.</source>
        <translation>{path}을(를) 쓸 수 없습니다: 폴더 {folder}에 쓸 수 없습니다({reason}). 쓸 수 있는 폴더를 고르거나 권한을 고치세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="133"/>
        <source>Could not draw the {format} from the SVG with Qt ({error}). Export SVG, or choose the system engine with Graphviz installed (it draws {format} itself).</source>
        <translation>Qt로 SVG에서 {format}을(를) 그리지 못했습니다({error}). SVG로 내보내거나, Graphviz를 설치하고 시스템 엔진을 고르세요(시스템 엔진은 {format}을(를) 직접 그립니다).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="138"/>
        <source>Drawing the {format} took longer than {seconds} s and was stopped. Export SVG instead.</source>
        <translation>{format}을(를) 그리는 데 {seconds}초보다 오래 걸려 멈췄습니다. 대신 SVG로 내보내세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="151"/>
        <source>The PNG would be {full} px at {dpi} dpi, more than image libraries can write (32,767 px a side), so it was scaled down to {size} px ({effective} dpi).</source>
        <translation>PNG가 {dpi} dpi에서 {full} px이 되어 이미지 라이브러리가 쓸 수 있는 크기(한 변 32,767 px)를 넘으므로 {size} px({effective} dpi)로 줄였습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="156"/>
        <source> Its labels are too small to read.</source>
        <translation> 레이블이 너무 작아 읽을 수 없습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="157"/>
        <source> Export SVG or PDF for a sharp full-size image, or collapse modules to make the graph smaller.</source>
        <translation> 선명한 원래 크기 이미지는 SVG나 PDF로 내보내거나, 모듈을 접어 그래프를 작게 만드세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/plots.py" line="24"/>
        <source>Cannot write {path}: {reason}. Check the disk space and the folder&apos;s permissions, or choose another file.</source>
        <translation>{path}을(를) 쓸 수 없습니다: {reason}. 디스크 공간과 폴더 권한을 확인하거나 다른 파일을 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="130"/>
        <source>Cannot export to {path}: {reason}.</source>
        <translation>{path}(으)로 내보낼 수 없습니다: {reason}.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="131"/>
        <source>Cannot export {path}: {error}</source>
        <translation>{path}을(를) 내보낼 수 없습니다: {error}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="132"/>
        <source>Graphviz wrote an empty {format} file.</source>
        <translation>Graphviz가 빈 {format} 파일을 썼습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="141"/>
        <source>Graphviz wrote an incomplete PDF file (it was stopped or failed).</source>
        <translation>Graphviz가 불완전한 PDF 파일을 썼습니다(중단되었거나 실패함).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="144"/>
        <source>Graphviz wrote an SVG file that is not well-formed XML ({error}); it was not saved.</source>
        <translation>Graphviz가 올바른 XML이 아닌 SVG 파일을 썼습니다({error}). 저장하지 않았습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="147"/>
        <source>Graphviz wrote a file that is not an SVG document; it was not saved.</source>
        <translation>Graphviz가 SVG 문서가 아닌 파일을 썼습니다. 저장하지 않았습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export.py" line="150"/>
        <source>Graphviz did not write a valid PNG file ({name}).</source>
        <translation>Graphviz가 올바른 PNG 파일을 쓰지 못했습니다({name}).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/export_dialog.py" line="84"/>
        <source>Choose a file name to export to.</source>
        <translation>내보낼 파일 이름을 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/export_dialog.py" line="85"/>
        <source>{name} is not an export format: end the name with {suffixes}.</source>
        <translation>{name}은(는) 내보내기 형식이 아닙니다: 이름을 {suffixes} 중 하나로 끝내세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/export_dialog.py" line="88"/>
        <source>You cannot write to {folder} (permission denied).</source>
        <translation>{folder}에 쓸 수 없습니다(권한 없음).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/layout.py" line="36"/>
        <source>Graphviz&apos;s dot stopped before placing every node (it was interrupted); nothing was drawn. Try again.</source>
        <translation>Graphviz의 dot이 모든 노드를 배치하기 전에 멈췄습니다(중단됨). 아무것도 그리지 않았습니다. 다시 시도하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/layout.py" line="40"/>
        <source>Graphviz&apos;s dot stopped before positioning the nodes (it was interrupted); nothing was drawn. Try again.</source>
        <translation>Graphviz의 dot이 노드의 위치를 정하기 전에 멈췄습니다(중단됨). 아무것도 그리지 않았습니다. 다시 시도하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/layout.py" line="44"/>
        <source>Graphviz&apos;s dot stopped before routing every edge (it was interrupted); nothing was drawn. Try again.</source>
        <translation>Graphviz의 dot이 모든 간선의 경로를 잡기 전에 멈췄습니다(중단됨). 아무것도 그리지 않았습니다. 다시 시도하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/layout.py" line="53"/>
        <source>Could not start Graphviz ({program}): {error}. Reinstall it, or choose the other engine (--engine system or packaged, or Preferences).</source>
        <translation>Graphviz({program})를 시작하지 못했습니다: {error}. 다시 설치하거나, 다른 엔진을 고르세요(--engine system 또는 packaged, 또는 환경 설정).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/compose.py" line="72"/>
        <source>Graphviz&apos;s dot stopped before laying out every part of the graph (it was interrupted); nothing was drawn. Try again.</source>
        <translation>Graphviz의 dot이 그래프의 모든 부분을 배치하기 전에 멈췄습니다(중단됨). 아무것도 그리지 않았습니다. 다시 시도하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/layout.py" line="48"/>
        <source>Graphviz&apos;s dot failed (exit status {status}): dot crashed ({signal}). {stderr}</source>
        <translation>Graphviz의 dot이 실패했습니다(종료 상태 {status}): dot이 비정상 종료되었습니다({signal}). {stderr}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/layout.py" line="51"/>
        <source>Graphviz&apos;s dot failed (exit status {status}): {stderr}</source>
        <translation>Graphviz의 dot이 실패했습니다(종료 상태 {status}): {stderr}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/layout.py" line="58"/>
        <source>Graphviz took longer than {seconds} s to lay out this graph and was stopped. Collapse some modules, keep hub splitting on, or raise the time limit.</source>
        <translation>Graphviz가 이 그래프를 배치하는 데 {seconds}초보다 오래 걸려 멈췄습니다. 모듈 몇 개를 접거나, 허브 나누기를 켜 두거나, 시간 제한을 늘리세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/layout.py" line="64"/>
        <source>Could not read Graphviz&apos;s layout output: {error}</source>
        <translation>Graphviz의 배치 결과를 읽을 수 없습니다: {error}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/arrange.py" line="45"/>
        <source>The composed layout has no place for the node {node}.</source>
        <translation>합성한 배치에 노드 {node}의 자리가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/jobs.py" line="40"/>
        <source>Internal error: {error}</source>
        <translation>내부 오류: {error}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="58"/>
        <source> (line {line}: {code})</source>
        <translation> ({line}번째 줄: {code})</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="59"/>
        <source> (line {line})</source>
        <translation> ({line}번째 줄)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/figures.py" line="67"/>
        <source>Line {line}</source>
        <translation>{line}번째 줄</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/figures.py" line="68"/>
        <source>The script</source>
        <translation>스크립트</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/script.py" line="91"/>
        <source>line {line}: `{code}`</source>
        <translation>{line}번째 줄: `{code}`</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="37"/>
        <source>walking the graph</source>
        <translation>그래프 따라가기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/diagnose.py" line="38"/>
        <source>recording the backward pass</source>
        <translation>역전파 기록</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/client.py" line="114"/>
        <source>its set-up failed (the output below shows where)</source>
        <translation>준비 단계가 실패했습니다(어디서인지는 아래 출력에 나옵니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="47"/>
        <source>found {name} beside the script</source>
        <translation>스크립트 옆에서 찾은 {name}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="48"/>
        <source>found {name} in {folder}</source>
        <translation>{folder}에서 찾은 {name}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="45"/>
        <source>the app&apos;s own Python</source>
        <translation>앱 자신의 Python</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="46"/>
        <source>chosen by the caller</source>
        <translation>호출한 쪽이 고른 것</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/settings.py" line="34"/>
        <source>chosen in Preferences for this script</source>
        <translation>환경설정에서 이 스크립트용으로 고른 것</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/settings.py" line="35"/>
        <source>the default in Preferences</source>
        <translation>환경설정의 기본값</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/errors.py" line="42"/>
        <source>cannot open this saved graph</source>
        <translation>이 저장된 그래프를 열 수 없습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/saved_graph.py" line="54"/>
        <source>not a readable JSON graph</source>
        <translation>읽을 수 있는 JSON 그래프가 아닙니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/saved_graph.py" line="55"/>
        <source>not a graphviz_app graph</source>
        <translation>graphviz_app 그래프가 아닙니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/errors.py" line="43"/>
        <source>, found {found}</source>
        <translation>, 실제: {found}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/saved_graph.py" line="57"/>
        <source>a script</source>
        <translation>스크립트</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/saved_graph.py" line="56"/>
        <source>a saved graph</source>
        <translation>저장된 그래프</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/file_kind.py" line="64"/>
        <source>a FIFO (named pipe)</source>
        <translation>FIFO(이름 있는 파이프)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/file_kind.py" line="65"/>
        <source>a device</source>
        <translation>장치 파일</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/file_kind.py" line="66"/>
        <source>a socket</source>
        <translation>소켓</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/file_kind.py" line="67"/>
        <source>not a regular file</source>
        <translation>일반 파일이 아닌 것</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/file_kind.py" line="62"/>
        <source>a &apos;{suffix}&apos; file</source>
        <translation>&apos;{suffix}&apos; 파일</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/file_kind.py" line="63"/>
        <source>a file without a suffix</source>
        <translation>확장자 없는 파일</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/outputs.py" line="29"/>
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/interpreter.py" line="101"/>
        <location filename="../../graphviz_app/core/graphviz/layout.py" line="52"/>
        <source>no message</source>
        <translation>메시지 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/capture/api.py" line="19"/>
        <source>None of the given tensors has an autograd graph: pass a tensor computed from tensors that require grad (not under torch.no_grad(), not detached).</source>
        <translation>주어진 텐서 중 autograd 그래프가 있는 것이 없습니다: 기울기를 요구하는 텐서로부터 계산한 텐서를 넘기세요(torch.no_grad() 안이 아니고 detach되지 않은 것).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/worker/torch_support.py" line="53"/>
        <source>torch {version} does not tell an autograd node&apos;s output shape, dtype and device (Node._input_metadata, from torch 2.2 on): {missing} op(s) made inside other ops show none. Every other part of the graph is complete; a backward pass (which gives each op&apos;s gradient, of the same shape) or a newer torch shows them.</source>
        <translation>torch {version}은(는) autograd 노드의 출력 shape, dtype, 장치를 알려 주지 않습니다(Node._input_metadata, torch 2.2부터): 다른 연산 안에서 만들어진 연산 {missing}개에는 표시되지 않습니다. 그래프의 나머지 부분은 모두 완전합니다. 역전파(각 연산의 기울기를 같은 shape로 줍니다)를 실행하거나 더 새로운 torch를 쓰면 보입니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="38"/>
        <source>cannot write &apos;{suffix}&apos; files: use one of {suffixes}.</source>
        <translation>&apos;{suffix}&apos; 파일은 쓸 수 없습니다: 다음 중 하나를 쓰세요: {suffixes}.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="39"/>
        <source>the folder {folder} does not exist: create it or choose another output path.</source>
        <translation>폴더 {folder}이(가) 없습니다: 만들거나 다른 출력 경로를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="42"/>
        <source>the folder {folder} is not writable: choose another output path.</source>
        <translation>폴더 {folder}에 쓸 수 없습니다: 다른 출력 경로를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="45"/>
        <source>{path} is a folder: give a file name such as {example}.</source>
        <translation>{path}은(는) 폴더입니다: {example}처럼 파일 이름을 주세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="46"/>
        <source>--layout-timeout must be a positive number of seconds, not {value}.</source>
        <translation>--layout-timeout은 양수인 초 단위 값이어야 합니다({value}은(는) 쓸 수 없습니다).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="49"/>
        <source>The run time limit is raised with --timeout SECONDS.</source>
        <translation>실행 시간 제한은 --timeout SECONDS로 늘립니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="51"/>
        <source>This graph has no backward steps: backward did not run. Add --backward to run it.</source>
        <translation>이 그래프에는 역전파 단계가 없습니다: 역전파가 실행되지 않았습니다. 실행하려면 --backward를 더하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="54"/>
        <source>This graph has no backward steps: it is the graph of the gradients torch.autograd.grad() call {call} returned, and no backward has run through it yet. Add --backward (without --run-to-end) to run backward from those gradients, or capture the script&apos;s later call that runs backward through them (a higher --backward-call N).</source>
        <translation>이 그래프에는 역전파 단계가 없습니다: {call}번째 torch.autograd.grad() 호출이 돌려준 그래디언트의 그래프이고, 아직 이 그래프를 지나간 역전파가 없습니다. 그 그래디언트에서 역전파를 실행하려면 --backward를 더하거나(--run-to-end 없이), 그 그래디언트를 지나가는 역전파를 실행하는 스크립트의 나중 호출을 캡처하세요(더 큰 --backward-call N).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="61"/>
        <source>There is no {mode} step {step}: this graph has {mode} steps 1 to {count}.</source>
        <translation>{mode} 단계 {step}은(는) 없습니다: 이 그래프의 {mode} 단계는 1부터 {count}까지입니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/logs.py" line="19"/>
        <source>The log level {value} ({source}) is none of debug, info, warning, error. Give one of them, or unset {source} for warnings and errors only.</source>
        <translation>로그 수준 {value}({source})은(는) debug, info, warning, error 중 어느 것도 아닙니다. 이 중 하나를 주거나, 경고와 오류만 보려면 {source}을(를) 지우세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/engine.py" line="38"/>
        <source>{variable}={value} is not an engine. Use auto (the system&apos;s Graphviz when installed, else the packaged one), system or packaged.</source>
        <translation>{variable}={value}은(는) 엔진이 아닙니다. auto(시스템 Graphviz가 설치되어 있으면 그것, 아니면 패키지 엔진), system, packaged 중 하나를 쓰세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/language.py" line="29"/>
        <source>Unknown language {language}; use one of {languages}.</source>
        <translation>알 수 없는 언어 {language}입니다. 다음 중 하나를 쓰세요: {languages}.</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <location filename="../../graphviz_app/core/export_formats.py" line="46"/>
        <source>PNG image</source>
        <translation>PNG 이미지</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export_formats.py" line="48"/>
        <source>SVG vector image</source>
        <translation>SVG 벡터 이미지</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export_formats.py" line="49"/>
        <source>PDF document</source>
        <translation>PDF 문서</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export_formats.py" line="50"/>
        <source>DOT source (Graphviz)</source>
        <translation>DOT 소스(Graphviz)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export_formats.py" line="53"/>
        <source>JSON graph (reopen without running code)</source>
        <translation>JSON 그래프(코드를 실행하지 않고 다시 열기)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/export_formats.py" line="59"/>
        <source>Interactive web page (pan, zoom, search, details)</source>
        <translation>대화형 웹 페이지(이동, 확대/축소, 검색, 상세 정보)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/export_dialog.py" line="174"/>
        <location filename="../../graphviz_app/qt/shell/export_dialog.py" line="246"/>
        <source>Export Graph</source>
        <translation>그래프 내보내기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/export_dialog.py" line="182"/>
        <source>Browse…</source>
        <translation>찾아보기…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/export_dialog.py" line="188"/>
        <source>PNG resolution: 1× is 96 dpi, 2× suits high-DPI screens and slides</source>
        <translation>PNG 해상도: 1×는 96 dpi, 2×는 고해상도 화면과 슬라이드에 알맞습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/export_dialog.py" line="195"/>
        <source>The image uses the current color mode, highlights and collapsed modules.</source>
        <translation>이미지에는 지금의 색 모드, 강조 표시, 접힌 모듈이 그대로 쓰입니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/export_dialog.py" line="205"/>
        <source>Format:</source>
        <translation>형식:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/export_dialog.py" line="206"/>
        <source>File:</source>
        <translation>파일:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/export_dialog.py" line="207"/>
        <source>PNG scale:</source>
        <translation>PNG 배율:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/export_dialog.py" line="210"/>
        <location filename="../../graphviz_app/qt/shell/export_dialog.py" line="284"/>
        <location filename="../../graphviz_app/qt/shell/export_dialog.py" line="289"/>
        <source>Export</source>
        <translation>내보내기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/export_dialog.py" line="276"/>
        <source>Exporting…</source>
        <translation>내보내는 중…</translation>
    </message>
</context>
<context>
    <name>GraphView</name>
    <message>
        <location filename="../../graphviz_app/qt/canvas/view.py" line="75"/>
        <source>Open a PyTorch script (Ctrl+O) or drop a .py file here</source>
        <translation>PyTorch 스크립트를 열거나(Ctrl+O) .py 파일을 여기에 끌어다 놓으세요</translation>
    </message>
</context>
<context>
    <name>Health</name>
    <message>
        <location filename="../../graphviz_app/cli.py" line="808"/>
        <source>Gradient health over {count} backward() calls (steps {first} to {last}):</source>
        <translation>backward() 호출 {count}번의 기울기 건강({first}~{last}단계):</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="811"/>
        <source>Gradient health: not recorded in this graph. Export it from its script with --health N (the script must call backward() itself).</source>
        <translation>기울기 건강: 이 그래프에는 기록되지 않았습니다. 스크립트에서 --health N으로 내보내세요(스크립트가 backward()를 직접 불러야 합니다).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="816"/>
        <location filename="../../graphviz_app/qt/panels/health.py" line="180"/>
        <source>No vanishing or exploding gradient found.</source>
        <translation>사라지거나 폭발하는 기울기가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="818"/>
        <location filename="../../graphviz_app/qt/panels/health.py" line="113"/>
        <source>module</source>
        <translation>모듈</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="819"/>
        <source>first norm</source>
        <translation>처음 크기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="820"/>
        <location filename="../../graphviz_app/qt/panels/health.py" line="115"/>
        <source>last norm</source>
        <translation>마지막 크기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="821"/>
        <location filename="../../graphviz_app/qt/panels/health.py" line="116"/>
        <source>trend</source>
        <translation>추세</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/health.py" line="53"/>
        <source>{module}: the gradient norm fell from {first} at step {first_step} to {norm} at step {step}, {orders} orders of magnitude: the gradient is vanishing. {cause}</source>
        <translation>{module}: 기울기 크기가 {first_step}단계의 {first}에서 {step}단계의 {norm}(으)로 {orders}자릿수만큼 줄었습니다: 기울기가 사라지고 있습니다. {cause}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/health.py" line="58"/>
        <source>{module}: at step {step} the gradient norm is {norm}, {orders} orders of magnitude below {largest} ({top}): the gradient is vanishing. {cause}</source>
        <translation>{module}: {step}단계에서 기울기 크기가 {norm}(으)로, {largest}({top})보다 {orders}자릿수 작습니다: 기울기가 사라지고 있습니다. {cause}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/health.py" line="63"/>
        <source>{module}: at step {step} the gradient norm is {norm}, below {floor}: too small to change float32 weights. {cause}</source>
        <translation>{module}: {step}단계에서 기울기 크기가 {norm}(으)로 {floor}보다 작습니다: float32 가중치를 바꾸기에는 너무 작습니다. {cause}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/health.py" line="68"/>
        <source>This usually comes from saturating sigmoid or tanh activations, or a network too deep without normalisation (BatchNorm, LayerNorm) or residual connections.</source>
        <translation>보통 포화되는 sigmoid나 tanh 활성화 함수, 또는 정규화(BatchNorm, LayerNorm)나 잔차 연결 없이 너무 깊은 신경망 때문입니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/health.py" line="73"/>
        <source>{module}: the gradient norm grew from {first} at step {first_step} to {norm} at step {step}, {orders} orders of magnitude: the gradient is exploding. {cause}</source>
        <translation>{module}: 기울기 크기가 {first_step}단계의 {first}에서 {step}단계의 {norm}(으)로 {orders}자릿수만큼 커졌습니다: 기울기가 폭발하고 있습니다. {cause}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/health.py" line="78"/>
        <source>{module}: at step {step} the gradient holds {nan} NaN and {inf} Inf values: the gradient exploded. {cause}</source>
        <translation>{module}: {step}단계에서 기울기에 NaN {nan}개와 Inf {inf}개가 있습니다: 기울기가 폭발했습니다. {cause}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/health.py" line="83"/>
        <source>This usually comes from a learning rate too high (for inputs that are not normalised above all), or no gradient clipping (torch.nn.utils.clip_grad_norm_).</source>
        <translation>보통 학습률이 너무 높거나(특히 정규화하지 않은 입력에서) 기울기 클리핑(torch.nn.utils.clip_grad_norm_)을 하지 않았기 때문입니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/health.py" line="92"/>
        <source>vanishing</source>
        <translation>사라짐</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/health.py" line="93"/>
        <source>steady</source>
        <translation>안정</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/health.py" line="94"/>
        <source>exploding</source>
        <translation>폭발</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/health.py" line="95"/>
        <source>NaN/Inf</source>
        <translation>NaN/Inf</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/health.py" line="114"/>
        <source>norm (log)</source>
        <translation>크기(로그)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/health.py" line="153"/>
        <source>No graph loaded.</source>
        <translation>불러온 그래프가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/health.py" line="155"/>
        <source>This graph recorded no gradient health. Set Edit ▸ Preferences ▸ Gradient health to a number of backward() calls (20, say) and reload a script with a training loop to see whether its gradients vanish or explode.</source>
        <translation>이 그래프에는 기울기 건강이 기록되지 않았습니다. 편집 ▸ 환경 설정 ▸ 기울기 건강을 backward() 호출 수(예: 20)로 정하고 학습 루프가 있는 스크립트를 다시 불러오면 기울기가 사라지는지 폭발하는지 볼 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/health.py" line="167"/>
        <source>Over {count} backward() calls (steps {first} to {last}); click a module to find it.</source>
        <translation>backward() 호출 {count}번({first}~{last}단계). 모듈을 클릭하면 그래프에서 찾습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/health.py" line="188"/>
        <source>gradient norm: {first} at the first step, {last} at the last</source>
        <translation>기울기 크기: 첫 단계 {first}, 마지막 단계 {last}</translation>
    </message>
</context>
<context>
    <name>Holders</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="102"/>
        <source>bytes</source>
        <translation>바이트</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="173"/>
        <source>op</source>
        <translation>연산</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="173"/>
        <source>module</source>
        <translation>모듈</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="198"/>
        <source>No graph loaded.</source>
        <translation>불러온 그래프가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="110"/>
        <source>Kept for backward: not measured in this graph.</source>
        <translation>역전파 보관량: 이 그래프에서는 측정하지 않았습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="111"/>
        <source>It was saved before graphviz_app measured the memory kept for backward, or drawn without its ops&apos; saved values. Open its script to measure it.</source>
        <translation>graphviz_app이 역전파 보관량을 재기 전에 저장되었거나, 연산이 저장한 값 없이 그린 그래프입니다. 재려면 그 스크립트를 여세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="60"/>
        <source>Kept for backward: {bytes}</source>
        <translation>역전파 보관량: {bytes}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="104"/>
        <source>The total counts each storage once; the {count} nodes below that keep the most each count what they save, so a storage two of them save counts for both.</source>
        <translation>합계는 저장소마다 한 번만 셉니다. 아래에 나온, 가장 많이 보관하는 노드 {count}개는 각자 저장한 것을 세므로, 두 노드가 저장한 저장소는 둘 모두에 셉니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="212"/>
        <source>Largest first; click a row to find the node.</source>
        <translation>큰 것부터; 행을 클릭하면 노드를 찾아 줍니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="117"/>
        <source>No node keeps a tensor for backward.</source>
        <translation>역전파를 위해 텐서를 보관하는 노드가 없습니다.</translation>
    </message>
</context>
<context>
    <name>HtmlPage</name>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="41"/>
        <source>{nodes} nodes, {edges} edges</source>
        <translation>노드 {nodes}개, 엣지 {edges}개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="42"/>
        <source>{nodes} nodes, {edges} edges ({drawn} drawn)</source>
        <translation>노드 {nodes}개, 엣지 {edges}개 ({drawn}개 그림)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="43"/>
        <source>kept for backward: {bytes}</source>
        <translation>역전파 보관량: {bytes}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="44"/>
        <source>The memory the graph&apos;s saved tensors keep until backward, each storage counted once</source>
        <translation>그래프의 저장된 텐서가 역전파 때까지 붙들고 있는 메모리 (저장소마다 한 번만 셈)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="47"/>
        <source>forward {forward}, backward {backward}</source>
        <translation>순전파 {forward}, 역전파 {backward}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="48"/>
        <source>The time the graph&apos;s ops took: each op&apos;s call in the script, each node in the backward pass</source>
        <translation>그래프의 연산에 걸린 시간: 스크립트에서 연산마다 호출한 시간, 역전파에서 노드마다 걸린 시간</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="51"/>
        <source>not run</source>
        <translation>실행 안 함</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="52"/>
        <source>Zoom in</source>
        <translation>확대</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="53"/>
        <source>Zoom out</source>
        <translation>축소</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="54"/>
        <source>Fit</source>
        <translation>맞추기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="55"/>
        <source>Show the whole graph</source>
        <translation>그래프 전체 보기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="56"/>
        <source>Search ops, names, modules</source>
        <translation>연산, 이름, 모듈 검색</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="57"/>
        <source>Click a node to see its op, shape, device, module, source line, value, gradient, the memory it keeps for backward and its time. Drag to pan, scroll to zoom.</source>
        <translation>노드를 클릭하면 연산, 모양, 장치, 모듈, 소스 줄, 값, 기울기, 역전파 보관량과 걸린 시간을 볼 수 있습니다. 드래그하면 이동하고, 스크롤하면 확대·축소합니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="63"/>
        <source>Click a node to see its details.</source>
        <translation>노드를 클릭하면 자세한 내용을 볼 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="64"/>
        <source>No node matches.</source>
        <translation>일치하는 노드가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="65"/>
        <source>{count} match (Enter: next)</source>
        <translation>{count}개 일치 (Enter: 다음)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="66"/>
        <source>{count} matches (Enter: next)</source>
        <translation>{count}개 일치 (Enter: 다음)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="67"/>
        <source>{at} of {count}</source>
        <translation>{count}개 중 {at}번째</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="68"/>
        <source>{script} — autograd graph</source>
        <translation>{script} — autograd 그래프</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="69"/>
        <source>autograd graph</source>
        <translation>autograd 그래프</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="70"/>
        <source>{count} nodes inside (collapsed)</source>
        <translation>안에 노드 {count}개 (접힘)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="71"/>
        <source>leaf (a tensor that requires grad)</source>
        <translation>리프 (기울기가 필요한 텐서)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="72"/>
        <location filename="../../graphviz_app/core/html_page.py" line="80"/>
        <source>op</source>
        <translation>연산</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="73"/>
        <source>{node} (use {use} of {uses})</source>
        <translation>{node} ({uses}번 쓰인 중 {use}번째)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="75"/>
        <source>module</source>
        <translation>모듈</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="76"/>
        <source>type</source>
        <translation>클래스</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="77"/>
        <source>hidden</source>
        <translation>숨김</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="78"/>
        <source>device</source>
        <translation>장치</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="79"/>
        <source>ops</source>
        <translation>연산들</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="81"/>
        <source>name</source>
        <translation>이름</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="82"/>
        <source>kind</source>
        <translation>종류</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="83"/>
        <source>shape</source>
        <translation>모양(shape)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="84"/>
        <source>dtype</source>
        <translation>자료형(dtype)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="85"/>
        <source>source</source>
        <translation>소스</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="86"/>
        <source>value</source>
        <translation>값</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="87"/>
        <source>gradient</source>
        <translation>기울기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="88"/>
        <source>saved</source>
        <translation>저장된 텐서</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="89"/>
        <source>kept for backward</source>
        <translation>역전파 보관량</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="90"/>
        <source>forward time</source>
        <translation>순전파 시간</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="91"/>
        <source>backward time</source>
        <translation>역전파 시간</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/html_page.py" line="92"/>
        <source>node</source>
        <translation>노드</translation>
    </message>
</context>
<context>
    <name>Inspector</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="580"/>
        <source>Edge</source>
        <translation>간선</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="582"/>
        <source>from</source>
        <translation>시작</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="583"/>
        <source>to</source>
        <translation>끝</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="585"/>
        <source>carries</source>
        <translation>전달하는 것</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="596"/>
        <source>Tensor on the edge</source>
        <translation>간선 위의 텐서</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="618"/>
        <source>Gradient flowing back</source>
        <translation>거꾸로 흐르는 기울기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="491"/>
        <source>Ran with</source>
        <translation>실행 환경</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="72"/>
        <source>n/a</source>
        <translation>없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="74"/>
        <source>kept for backward</source>
        <translation>역전파 보관량</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="77"/>
        <source>forward time</source>
        <translation>순전파 시간</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="78"/>
        <source>backward time</source>
        <translation>역전파 시간</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="140"/>
        <source>non-finite</source>
        <translation>유한하지 않은 값</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="181"/>
        <source>interpreter</source>
        <translation>인터프리터</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="183"/>
        <source>environment</source>
        <translation>환경</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="185"/>
        <source>chosen</source>
        <translation>고른 이유</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="200"/>
        <source>Ran with Python {python} · torch {torch} · {where} ({why})</source>
        <translation>Python {python} · torch {torch} · {where}(으)로 실행했습니다 ({why})</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="202"/>
        <source>Ran with Python {python} · torch {torch} · {where}</source>
        <translation>Python {python} · torch {torch} · {where}(으)로 실행했습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="218"/>
        <source>arriving</source>
        <translation>들어오는 기울기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="220"/>
        <source>seed gradient {norm}</source>
        <translation>시작 기울기(seed gradient) {norm}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="230"/>
        <source>from {op} ({node})</source>
        <translation>{op} ({node})에서</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="240"/>
        <source>accumulated</source>
        <translation>누적</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="242"/>
        <source>sum of {count} gradients = {norm}</source>
        <translation>기울기 {count}개의 합 = {norm}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="253"/>
        <source>to {op} ({node})</source>
        <translation>{op} ({node}) 쪽으로</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="262"/>
        <source>the leaf.grad</source>
        <translation>리프 텐서의 .grad</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="270"/>
        <source>{file}, line {line}</source>
        <translation>{file}, {line}번째 줄</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="407"/>
        <source>Click a node to see its op, tensor, saved values and gradient.</source>
        <translation>노드를 클릭하면 연산, 텐서, 저장된 값과 기울기를 볼 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="414"/>
        <source>Property</source>
        <translation>속성</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="414"/>
        <source>Value</source>
        <translation>값</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="587"/>
        <source>the output of {op}: forward along the arrow, its gradient back against it</source>
        <translation>{op}의 출력: 순전파는 화살표 방향으로, 그 기울기는 반대 방향으로 흐릅니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="608"/>
        <source>none recorded on this edge</source>
        <translation>이 간선에는 기록된 것이 없습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="613"/>
        <source>appears after a backward pass: click Run Backward (Ctrl+B)</source>
        <translation>역전파를 실행하면 나타납니다: 역전파 실행(Ctrl+B)을 누르세요</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="661"/>
        <source>use {k} of {n}</source>
        <translation>{n}번 사용 중 {k}번째</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="663"/>
        <source>input {k} of {n}</source>
        <translation>입력 {n}개 중 {k}번째</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="693"/>
        <source>Graph cut {number}</source>
        <translation>그래프 끊김 {number}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="698"/>
        <source>line {line}: {code}</source>
        <translation>{line}번째 줄: {code}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="706"/>
        <source>{op} output, shape {shape}</source>
        <translation>{op}의 출력, 모양 {shape}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="713"/>
        <source>this op used a detached tensor: it is a constant here, and no gradient flows back to what made it</source>
        <translation>이 연산은 떼어 낸(.detach()) 텐서를 사용했습니다: 여기서는 상수이며, 그 텐서를 만든 쪽으로는 기울기가 흐르지 않습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="734"/>
        <source>to {name}</source>
        <translation>{name} 쪽으로</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="795"/>
        <source>not reached yet: the engine runs it at backward step {step}</source>
        <translation>아직 도달하지 않음: 엔진은 역전파 {step}단계에서 이 노드를 실행합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="801"/>
        <source>{module}  (collapsed module)</source>
        <translation>{module}  (접힌 모듈)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="842"/>
        <source>Copy value</source>
        <translation>값 복사</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="845"/>
        <source>Copy all</source>
        <translation>모두 복사</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="669"/>
        <source>Node</source>
        <translation>노드</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="673"/>
        <source>Tensor</source>
        <translation>텐서</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="676"/>
        <source>Saved tensors</source>
        <translation>저장된 텐서</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="601"/>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="678"/>
        <source>Forward value</source>
        <translation>순전파 값</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="691"/>
        <source>Graph cut (.detach())</source>
        <translation>그래프 끊김 (.detach())</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="725"/>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="727"/>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="741"/>
        <source>Gradient</source>
        <translation>기울기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="728"/>
        <source>Gradient flow</source>
        <translation>기울기 흐름</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="731"/>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="747"/>
        <source>Chain rule</source>
        <translation>연쇄 법칙(chain rule)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="768"/>
        <source>Order</source>
        <translation>순서</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="773"/>
        <source>Source</source>
        <translation>소스 코드</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="786"/>
        <source>Connections</source>
        <translation>연결</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="806"/>
        <source>Module</source>
        <translation>모듈</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="827"/>
        <source>Operations</source>
        <translation>연산</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="832"/>
        <source>Parameters</source>
        <translation>매개변수</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="680"/>
        <source>Constant inputs</source>
        <translation>상수 입력 (requires_grad 없음)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="754"/>
        <source>Custom backward</source>
        <translation>사용자 정의 backward</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="644"/>
        <source>op</source>
        <translation>연산</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="646"/>
        <source>kind</source>
        <translation>종류</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="653"/>
        <source>name</source>
        <translation>이름</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="654"/>
        <source>module</source>
        <translation>모듈</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="656"/>
        <source>output</source>
        <translation>출력</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="657"/>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="665"/>
        <source>copy</source>
        <translation>사본</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="120"/>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="131"/>
        <source>shape</source>
        <translation>모양(shape)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="121"/>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="132"/>
        <source>dtype</source>
        <translation>자료형(dtype)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="122"/>
        <source>device</source>
        <translation>장치</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="142"/>
        <source>values</source>
        <translation>값</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="604"/>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="723"/>
        <source>gradient</source>
        <translation>기울기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="732"/>
        <source>rule</source>
        <translation>규칙</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="696"/>
        <source>where</source>
        <translation>위치</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="704"/>
        <source>detached from</source>
        <translation>떼어 낸 텐서</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="712"/>
        <source>meaning</source>
        <translation>의미</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="762"/>
        <source>forward index</source>
        <translation>순전파 순번</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="766"/>
        <source>backward index</source>
        <translation>역전파 순번</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="757"/>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="775"/>
        <source>at</source>
        <translation>위치</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="776"/>
        <source>code</source>
        <translation>코드</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="758"/>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="777"/>
        <source>file</source>
        <translation>파일</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="783"/>
        <source>input</source>
        <translation>입력</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="785"/>
        <source>used by</source>
        <translation>사용하는 노드</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="808"/>
        <source>path</source>
        <translation>경로</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="809"/>
        <source>nodes</source>
        <translation>노드 수</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="811"/>
        <source>devices</source>
        <translation>장치</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="263"/>
        <source>stored in</source>
        <translation>저장 위치</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="133"/>
        <source>norm</source>
        <translation>크기(norm)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="134"/>
        <source>min</source>
        <translation>최솟값</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="135"/>
        <source>max</source>
        <translation>최댓값</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="136"/>
        <source>mean</source>
        <translation>평균</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="756"/>
        <source>function</source>
        <translation>함수</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="737"/>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="748"/>
        <source>failed</source>
        <translation>실패</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="647"/>
        <source>leaf tensor</source>
        <translation>리프 텐서(leaf)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="649"/>
        <source>operation</source>
        <translation>연산</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="656"/>
        <source>yes</source>
        <translation>예</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="742"/>
        <source>not reached by backward</source>
        <translation>역전파가 도달하지 않음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="398"/>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="482"/>
        <source>Nothing selected</source>
        <translation>선택된 것 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/inspector.py" line="484"/>
        <source>No graph loaded</source>
        <translation>불러온 그래프 없음</translation>
    </message>
</context>
<context>
    <name>Instance</name>
    <message>
        <location filename="../../graphviz_app/qt/shell/instance.py" line="114"/>
        <source>Graph sent from {title}</source>
        <translation>{title}에서 보낸 그래프</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/instance.py" line="117"/>
        <source>The graph shown before is in File ▸ Recent; this one is saved as {path}.</source>
        <translation>이전에 보던 그래프는 파일 ▸ 최근 파일에 있습니다. 이 그래프는 {path}에 저장되었습니다.</translation>
    </message>
</context>
<context>
    <name>Label</name>
    <message>
        <location filename="../../graphviz_app/core/view/display.py" line="179"/>
        <source>scalar</source>
        <translation>스칼라</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/display.py" line="180"/>
        <source>output</source>
        <translation>출력</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/display.py" line="181"/>
        <source>leaf</source>
        <translation>리프</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/display.py" line="182"/>
        <source>use {k} of {n}</source>
        <translation>{n}번 중 {k}번째 사용</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/display.py" line="183"/>
        <source>input {k} of {n}</source>
        <translation>입력 {n}개 중 {k}번째</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/display.py" line="184"/>
        <source>{drawn} of {inputs} inputs drawn where made</source>
        <translation>입력 {inputs}개 중 {drawn}개는 만들어진 곳에 그림</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/display.py" line="185"/>
        <source>{drawn} of {uses} uses drawn here</source>
        <translation>사용 {uses}곳 중 {drawn}곳은 여기에 그림</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/display.py" line="186"/>
        <source>1 op</source>
        <translation>연산 1개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/display.py" line="187"/>
        <source>{count} ops</source>
        <translation>연산 {count}개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/display.py" line="188"/>
        <source>1 param</source>
        <translation>파라미터 1개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/display.py" line="189"/>
        <source>{count} params</source>
        <translation>파라미터 {count}개</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="34"/>
        <source>en</source>
        <extracomment>The code of this language (&quot;ko&quot;): the lessons&apos; texts are looked up by it.</extracomment>
        <translation>ko</translation>
    </message>
</context>
<context>
    <name>Leaves</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/leaves.py" line="213"/>
        <source>The tensor&apos;s name in the script</source>
        <translation>스크립트에서 쓰인 텐서의 이름</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/leaves.py" line="214"/>
        <source>Its shape</source>
        <translation>텐서의 모양(shape)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/leaves.py" line="215"/>
        <source>Its device</source>
        <translation>텐서가 있는 장치</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/leaves.py" line="216"/>
        <source>The norm of its gradient (.grad)</source>
        <translation>기울기(.grad)의 크기(norm)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/leaves.py" line="217"/>
        <source>The smallest and largest element of its gradient</source>
        <translation>기울기의 가장 작은 원소와 가장 큰 원소</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/leaves.py" line="245"/>
        <source>No graph loaded.</source>
        <translation>불러온 그래프가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/leaves.py" line="250"/>
        <source>1 leaf tensor.</source>
        <translation>리프 텐서 1개.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/leaves.py" line="252"/>
        <source>{count} leaf tensors.</source>
        <translation>리프 텐서 {count}개.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/leaves.py" line="256"/>
        <source> Click a row to find it in the graph; click a header to sort.</source>
        <translation> 행을 클릭하면 그래프에서 찾아 주고, 머리글을 클릭하면 정렬합니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/leaves.py" line="257"/>
        <source> Gradients appear after Run backward (Ctrl+B).</source>
        <translation> 기울기는 역전파 실행(Ctrl+B) 뒤에 나타납니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/leaves.py" line="166"/>
        <source>The gradient holds NaN or Inf values</source>
        <translation>기울기에 NaN이나 Inf 값이 있습니다</translation>
    </message>
</context>
<context>
    <name>Legend</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/legend.py" line="173"/>
        <source>Click to fold or unfold the legend</source>
        <translation>클릭하면 범례를 접거나 펼칩니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/legend.py" line="231"/>
        <source>Color: {mode}</source>
        <translation>색: {mode}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/legend.py" line="246"/>
        <source>copy to {target} ({n} edge)</source>
        <translation>{target}(으)로 복사 (간선 {n}개)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/legend.py" line="248"/>
        <source>copy to {target} ({n} edges)</source>
        <translation>{target}(으)로 복사 (간선 {n}개)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="667"/>
        <source>no device</source>
        <translation>장치 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="668"/>
        <source>(no module)</source>
        <translation>(모듈 없음)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="669"/>
        <source>gradient norm (log scale)</source>
        <translation>기울기 크기 (로그 눈금)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="670"/>
        <source>zero gradient</source>
        <translation>기울기 0</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="671"/>
        <source>NaN/Inf gradient</source>
        <translation>NaN/Inf 기울기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="672"/>
        <source>no gradient</source>
        <translation>기울기 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="673"/>
        <source>keeps {low} to {high} (log scale)</source>
        <translation>{low}~{high} 보관 (로그 눈금)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="674"/>
        <source>keeps nothing</source>
        <translation>보관 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="675"/>
        <source>not measured</source>
        <translation>측정 안 됨</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="676"/>
        <source>bytes kept, log scale</source>
        <translation>보관 바이트, 로그 눈금</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="677"/>
        <source>took {low} to {high} (log scale)</source>
        <translation>{low}~{high} 걸림 (로그 눈금)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="678"/>
        <source>took no time</source>
        <translation>걸린 시간 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="679"/>
        <source>time, log scale</source>
        <translation>시간, 로그 눈금</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/colors.py" line="818"/>
        <source>other nodes</source>
        <translation>다른 노드</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/dot.py" line="245"/>
        <source>color: {mode}</source>
        <translation>색: {mode}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/graphviz/dot.py" line="246"/>
        <source>thick colored edge: device transfer ({count})</source>
        <translation>굵은 색 엣지: 장치 간 복사 ({count})</translation>
    </message>
</context>
<context>
    <name>LessonCard</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="70"/>
        <source>This lesson is shown as written: its translation {path} is not UTF-8 text (byte {offset}). Save that file as UTF-8, or reinstall graphviz_app.</source>
        <translation>이 수업은 원문 그대로 보여 줍니다: 번역 파일 {path}이(가) UTF-8 텍스트가 아닙니다({offset}번째 바이트). 그 파일을 UTF-8로 저장하거나 graphviz_app을 다시 설치하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="97"/>
        <source>rounded box</source>
        <translation>둥근 상자</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="98"/>
        <source>a leaf: a tensor you made with requires_grad=True (its .grad is kept)</source>
        <translation>리프(leaf): requires_grad=True로 직접 만든 텐서 (.grad가 저장됩니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="101"/>
        <source>square box</source>
        <translation>네모 상자</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="102"/>
        <source>an operation autograd recorded (its backward node, e.g. PowBackward0)</source>
        <translation>autograd가 기록한 연산 (그 역전파 노드, 예: PowBackward0)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="105"/>
        <source>double border</source>
        <translation>이중 테두리</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="106"/>
        <source>an output: where backward starts</source>
        <translation>출력: 역전파(backward)가 시작되는 곳</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="109"/>
        <source>dashed border</source>
        <translation>점선 테두리</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="110"/>
        <source>not reached by backward (yet, when stepping)</source>
        <translation>역전파가 (단계별로 볼 때는 아직) 도달하지 않은 노드</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="113"/>
        <source>ghost (faded, dotted)</source>
        <translation>흐린 점선 노드</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="114"/>
        <source>not created yet at this forward step</source>
        <translation>이 순전파 단계에서 아직 만들어지지 않은 노드</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="117"/>
        <source>3-D box</source>
        <translation>입체 상자</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="118"/>
        <source>a collapsed module: double-click to expand it</source>
        <translation>접힌 모듈: 더블클릭하면 펼쳐집니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="121"/>
        <source>✂ tag</source>
        <translation>✂ 표시</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="122"/>
        <source>a .detach() cut: no gradient flows back past it</source>
        <translation>.detach()로 끊긴 곳: 기울기가 이 너머로 흐르지 않습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="125"/>
        <source>yellow tag</source>
        <translation>노란 꼬리표</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="126"/>
        <source>values and gradients (View ▸ Values)</source>
        <translation>값과 기울기 (보기 ▸ 값 표시)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="129"/>
        <source>magenta dashed edge</source>
        <translation>자홍색 점선 화살표</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="130"/>
        <source>the step&apos;s edge: forward, inputs used; backward, the gradient flowing back, arrow towards the input</source>
        <translation>현재 단계의 간선: 순전파에서는 쓰인 입력, 역전파에서는 거꾸로 흐르는 기울기 (화살표가 입력 쪽을 향합니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="172"/>
        <source>How to read the graph</source>
        <translation>그래프 읽는 법</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/lesson.py" line="219"/>
        <source>Not a bundled lesson: open one from Help ▸ Lessons.</source>
        <translation>내장 수업이 아닙니다: 도움말 ▸ 수업에서 하나를 여세요.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="134"/>
        <source>Lesson</source>
        <translation>수업</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="135"/>
        <source>Inspector</source>
        <translation>속성</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="136"/>
        <source>Source</source>
        <translation>소스</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="137"/>
        <source>Modules</source>
        <translation>모듈</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="138"/>
        <source>Leaves</source>
        <translation>리프</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="141"/>
        <source>Gradient Health</source>
        <translation>기울기 건강</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="142"/>
        <source>Timeline</source>
        <translation>타임라인</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="143"/>
        <source>Messages</source>
        <translation>메시지</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="144"/>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="612"/>
        <source>Problems</source>
        <translation>문제</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="145"/>
        <source>Plots</source>
        <translation>플롯</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="175"/>
        <source>Step &amp;Forward Pass</source>
        <translation>순전파 단계별 보기(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="179"/>
        <source>&amp;Show Whole Graph</source>
        <translation>그래프 전체 보기(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="351"/>
        <source>Open a PyTorch script or a saved graph</source>
        <translation>PyTorch 스크립트나 저장된 그래프 열기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="353"/>
        <source>PyTorch scripts and graphs (*.py *.json);;Python scripts (*.py);;Saved graphs (*.json);;All files (*)</source>
        <translation>PyTorch 스크립트와 그래프 (*.py *.json);;Python 스크립트 (*.py);;저장된 그래프 (*.json);;모든 파일 (*)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="391"/>
        <source>Saved {path}.</source>
        <translation>{path}에 저장했습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="421"/>
        <source>No recent files</source>
        <translation>최근 파일 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="431"/>
        <source>{path} no longer exists; it was removed from the recent files.</source>
        <translation>{path}이(가) 더 이상 없어서 최근 파일에서 지웠습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="517"/>
        <source>Expand {module}</source>
        <translation>{module} 펼치기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="525"/>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="535"/>
        <source>Collapse {module}</source>
        <translation>{module} 접기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="530"/>
        <source>Copy Label</source>
        <translation>레이블 복사</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="610"/>
        <source>Problems ({count})</source>
        <translation>문제 ({count})</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="627"/>
        <source>Graphviz is missing</source>
        <translation>Graphviz가 없습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="643"/>
        <source>The run time limit is {seconds:g} s: change it in Edit ▸ Preferences.</source>
        <translation>실행 시간 제한은 {seconds:g}초입니다: 편집 ▸ 환경 설정에서 바꿀 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="673"/>
        <source>Needs a backward pass: run with backward (Run Backward, Ctrl+B) to record the gradients</source>
        <translation>역전파가 필요합니다: 기울기를 기록하려면 역전파와 함께 실행하세요(역전파 실행, Ctrl+B)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="678"/>
        <source>Needs gradient health, which this graph did not record: set Edit ▸ Preferences ▸ Gradient health to a number of backward() calls and reload a training script</source>
        <translation>이 그래프에는 기울기 건강이 기록되지 않았습니다: 편집 ▸ 환경 설정 ▸ 기울기 건강을 backward() 호출 수로 정하고 학습 스크립트를 다시 불러오세요</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="684"/>
        <source>Needs the bytes each node keeps for backward, which this graph lacks (saved before they were measured): open its script to measure them</source>
        <translation>노드마다 역전파를 위해 보관하는 바이트 수가 있어야 하는데 이 그래프에는 없습니다(재기 전에 저장됨). 재려면 그 스크립트를 여세요</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="690"/>
        <source>Needs each node&apos;s time, which this graph lacks (saved before times were measured): open its script to measure them</source>
        <translation>노드마다 걸린 시간이 있어야 하는데 이 그래프에는 없습니다(시간을 재기 전에 저장됨). 재려면 그 스크립트를 여세요</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="775"/>
        <source>this graph holds the gradients of a backward run before it was captured</source>
        <translation>이 그래프에는 캡처하기 전에 실행한 역전파의 기울기가 들어 있습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="779"/>
        <source>this saved graph was recorded without backward</source>
        <translation>이 저장된 그래프는 역전파 없이 기록되었습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="773"/>
        <source>no script is open</source>
        <translation>열린 스크립트가 없습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="139"/>
        <source>Memory</source>
        <translation>메모리</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="140"/>
        <source>Time</source>
        <translation>시간</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="781"/>
        <source>Cannot run backward: {what}. Open the script (.py) to run it.</source>
        <translation>역전파를 실행할 수 없습니다: {what}. 실행하려면 스크립트(.py)를 여세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="836"/>
        <source>Laid out by {engine}: {path}</source>
        <translation>{engine}(으)로 배치함: {path}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="861"/>
        <source>Nothing to export yet: open a script or a graph first.</source>
        <translation>아직 내보낼 것이 없습니다: 먼저 스크립트나 그래프를 여세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="874"/>
        <source>Copied the view to the clipboard.</source>
        <translation>보기를 클립보드에 복사했습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="881"/>
        <source>No graph</source>
        <translation>그래프 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="886"/>
        <source> ({shown} drawn)</source>
        <translation> ({shown}개 그림)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="888"/>
        <source>{nodes} nodes{extra} · {edges} edges</source>
        <translation>노드 {nodes}개{extra} · 간선 {edges}개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/main_window.py" line="915"/>
        <source>{name} (edited)</source>
        <translation>{name} (수정됨)</translation>
    </message>
</context>
<context>
    <name>Memory</name>
    <message>
        <location filename="../../graphviz_app/cli.py" line="709"/>
        <source>Kept for backward: {bytes} (each storage counted once, however many nodes save it)</source>
        <translation>역전파용 보관 메모리: {bytes} (여러 노드가 저장한 저장소도 한 번만 셈)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="712"/>
        <source>Kept for backward: not recorded in this graph (saved before graphviz_app measured it, or drawn without the ops&apos; saved values). Export it again from its script with --memory.</source>
        <translation>역전파용 보관 메모리: 이 그래프에는 기록되지 않았습니다(graphviz_app이 재기 전에 저장했거나, 연산의 저장된 값 없이 그렸습니다). 스크립트에서 --memory로 다시 내보내세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="717"/>
        <source>{count} nodes keep tensors that were not measured (read only by saved-tensor hooks, freed by backward, or without a plain storage): the total leaves them out.</source>
        <translation>노드 {count}개가 재지 못한 텐서를 보관합니다(saved-tensor hook으로만 읽히거나, 역전파가 이미 해제했거나, 일반 저장소가 없음): 합계에는 빠져 있습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="723"/>
        <source>bytes</source>
        <translation>크기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="724"/>
        <location filename="../../graphviz_app/cli.py" line="768"/>
        <source>op</source>
        <translation>연산</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="725"/>
        <location filename="../../graphviz_app/cli.py" line="769"/>
        <source>module</source>
        <translation>모듈</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/kept_memory.py" line="28"/>
        <source>unknown</source>
        <translation>알 수 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/kept_memory.py" line="30"/>
        <source>at least {bytes} ({count} unknown)</source>
        <translation>최소 {bytes} (알 수 없음 {count}개)</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/messages.py" line="229"/>
        <location filename="../../graphviz_app/qt/panels/messages.py" line="408"/>
        <source>No messages.</source>
        <translation>메시지가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/messages.py" line="234"/>
        <source>Clear</source>
        <translation>지우기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/messages.py" line="235"/>
        <source>Clear the messages</source>
        <translation>메시지를 지웁니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/messages.py" line="385"/>
        <source>{file}, line {line}</source>
        <translation>{file}, {line}번째 줄</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/messages.py" line="388"/>
        <source>at</source>
        <translation>위치:</translation>
    </message>
</context>
<context>
    <name>Minimap</name>
    <message>
        <location filename="../../graphviz_app/qt/canvas/minimap.py" line="94"/>
        <source>The whole graph: the frame is what the view shows. Click or drag to move the view.</source>
        <translation>그래프 전체: 틀 안이 지금 보기가 보여 주는 부분입니다. 클릭하거나 끌어서 보기를 옮기세요.</translation>
    </message>
</context>
<context>
    <name>Modules</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="82"/>
        <source>Module</source>
        <translation>모듈</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="82"/>
        <source>Class</source>
        <translation>클래스</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="82"/>
        <source>Nodes</source>
        <translation>노드</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="88"/>
        <source>Check a module to draw it as a single node; uncheck to expand it.
Double-click a module to show it in the graph.</source>
        <translation>모듈을 체크하면 노드 하나로 그리고, 체크를 풀면 펼칩니다.
모듈을 더블클릭하면 그래프에서 보여 줍니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="101"/>
        <source>depth </source>
        <translation>깊이 </translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="105"/>
        <source>Modules deeper than this many levels are collapsed</source>
        <translation>이 깊이보다 깊은 모듈은 접힙니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="106"/>
        <source>Collapse to</source>
        <translation>접기 깊이</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="107"/>
        <source>Collapse every module below the chosen depth</source>
        <translation>고른 깊이 아래의 모든 모듈을 접습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="109"/>
        <source>Expand all</source>
        <translation>모두 펼치기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="111"/>
        <source>Check a module to collapse it into one node.</source>
        <translation>모듈을 체크하면 노드 하나로 접힙니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="176"/>
        <source>This graph has no modules: its ops did not run inside an nn.Module.</source>
        <translation>이 그래프에는 모듈이 없습니다: 연산이 nn.Module 안에서 실행되지 않았습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/modules.py" line="174"/>
        <source>No graph loaded.</source>
        <translation>불러온 그래프가 없습니다.</translation>
    </message>
</context>
<context>
    <name>NodeTooltip</name>
    <message>
        <location filename="../../graphviz_app/qt/canvas/scene.py" line="117"/>
        <source>module {module}</source>
        <translation>모듈 {module}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/scene.py" line="118"/>
        <source>{count} nodes</source>
        <translation>노드 {count}개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/scene.py" line="119"/>
        <source>Double-click to expand</source>
        <translation>두 번 클릭하면 펼칩니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/scene.py" line="125"/>
        <source>name: {name}</source>
        <translation>이름: {name}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/scene.py" line="127"/>
        <source>scalar</source>
        <translation>스칼라</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/scene.py" line="130"/>
        <source>shape: {shape}   dtype: {dtype}</source>
        <translation>모양: {shape}   dtype: {dtype}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/scene.py" line="135"/>
        <source>device: {device}</source>
        <translation>장치: {device}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/scene.py" line="137"/>
        <source>module: {module}</source>
        <translation>모듈: {module}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/scene.py" line="139"/>
        <source>output of the script</source>
        <translation>스크립트의 출력</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/scene.py" line="143"/>
        <source>✂ uses a detached tensor (line {line}): the graph is cut there</source>
        <translation>✂ 떼어 낸 텐서를 씁니다({line}번째 줄): 그래프가 거기서 끊깁니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/scene.py" line="154"/>
        <source>use {k} of {n} (a shared tensor drawn once per use)</source>
        <translation>{n}번 중 {k}번째 사용(여러 번 쓰인 텐서를 쓰일 때마다 따로 그림)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/scene.py" line="156"/>
        <source>use {k} of {n}: this op&apos;s result is used far apart, so it is drawn again beside each far use</source>
        <translation>{n}번 중 {k}번째 사용: 이 연산의 결과는 멀리 떨어진 곳에서 쓰이므로, 멀리 있는 사용처마다 그 옆에 다시 그립니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/scene.py" line="162"/>
        <source>input {k} of {n}: this op gathers tensors made far apart, so each far input is drawn where it was made</source>
        <translation>입력 {n}개 중 {k}번째: 이 연산은 멀리 떨어져 만들어진 텐서를 모으므로, 멀리 있는 입력은 만들어진 곳에 그립니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/scene.py" line="169"/>
        <source>Click for details in the Inspector</source>
        <translation>클릭하면 속성 패널에 자세히 나옵니다</translation>
    </message>
</context>
<context>
    <name>Notebook</name>
    <message>
        <location filename="../../graphviz_app/notebook.py" line="48"/>
        <source>Modules collapsed to depth {depth} so the labels are readable: {drawn} of {full} nodes drawn, {hidden} hidden inside the collapsed modules (click one for what it holds). show(..., full=True) draws every node; graphviz_app.open(...) explores the graph in the window.</source>
        <translation>글자를 읽을 수 있도록 모듈을 깊이 {depth}까지 접었습니다: 노드 {full}개 중 {drawn}개를 그렸고, {hidden}개는 접힌 모듈 안에 있습니다(모듈을 클릭하면 안에 든 것을 봅니다). show(..., full=True)는 모든 노드를 그리고, graphviz_app.open(...)은 창에서 그래프를 살펴봅니다.</translation>
    </message>
</context>
<context>
    <name>Plots</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/plots.py" line="43"/>
        <source>saved to {path} on line {line}</source>
        <translation>{line}번째 줄에서 {path}에 저장함</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/plots.py" line="44"/>
        <source>saved to {path}</source>
        <translation>{path}에 저장함</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/plots.py" line="47"/>
        <source>still open when the script ended, made on line {line}</source>
        <translation>스크립트가 끝날 때 열려 있던 그림, {line}번째 줄에서 만듦</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/plots.py" line="50"/>
        <source>still open when the script ended</source>
        <translation>스크립트가 끝날 때 열려 있던 그림</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/plots.py" line="52"/>
        <source>shown on line {line}</source>
        <translation>{line}번째 줄에서 표시함</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/plots.py" line="53"/>
        <source>shown</source>
        <translation>표시함</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/plots.py" line="58"/>
        <source>Figure {number} of {count}</source>
        <translation>그림 {number}/{count}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/plots.py" line="160"/>
        <source>No graph loaded.</source>
        <translation>불러온 그래프가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/plots.py" line="162"/>
        <source>The script showed no figures. Figures it shows with plt.show(), saves with savefig() or leaves open appear here.</source>
        <translation>스크립트가 보여 준 그림이 없습니다. plt.show()로 보여 주거나 savefig()로 저장하거나 열어 둔 그림이 여기에 나타납니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/plots.py" line="189"/>
        <source>Save the figure as PNG</source>
        <translation>그림을 PNG로 저장</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/plots.py" line="191"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 이미지 (*.png)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/plots.py" line="213"/>
        <source>Save As PNG</source>
        <translation>PNG로 저장</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/plots.py" line="215"/>
        <source>Could not write {path}: {reason}. Choose another folder or name.</source>
        <translation>{path}을(를) 쓸 수 없습니다: {reason}. 다른 폴더나 이름을 고르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/plots.py" line="230"/>
        <source>Save As PNG…</source>
        <translation>PNG로 저장…</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="62"/>
        <source>Preferences</source>
        <translation>환경 설정</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="66"/>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="129"/>
        <source> s</source>
        <translation>초</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="69"/>
        <source>A script still running after this long is stopped</source>
        <translation>이 시간이 지나도 실행 중인 스크립트는 멈춥니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="70"/>
        <source>Run time limit:</source>
        <translation>실행 시간 제한:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="71"/>
        <source>Stop the script right after the captured backward()</source>
        <translation>캡처한 backward() 직후에 스크립트 멈추기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="74"/>
        <source>The graph exists once that call returns; untick to let a training loop run to its end</source>
        <translation>그 호출이 끝나면 그래프는 이미 만들어져 있습니다. 학습 루프를 끝까지 돌리려면 선택을 해제하세요</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="81"/>
        <source>no script open</source>
        <translation>열린 스크립트 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="83"/>
        <source>Which backward() call of a training loop to capture, remembered for this script</source>
        <translation>학습 루프에서 몇 번째 backward() 호출을 캡처할지 (이 스크립트에 대해 기억합니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="85"/>
        <source>Backward call to capture ({name}):</source>
        <translation>캡처할 backward 호출 ({name}):</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="87"/>
        <source>Count autograd.grad(create_graph=True) calls, and draw the gradient&apos;s graph</source>
        <translation>autograd.grad(create_graph=True) 호출도 세고, 그래디언트의 그래프 그리기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="94"/>
        <source>By default such a call (a gradient penalty, a MAML inner step) is a step of the forward and not counted; ticked, it counts as a backward call, and capturing it draws the graph of the gradients it returned (double backward); remembered for this script</source>
        <translation>기본으로는 이런 호출(그래디언트 페널티, MAML의 내부 단계)은 forward의 한 단계라서 세지 않습니다. 체크하면 backward 호출로 세고, 그 호출을 캡처하면 호출이 돌려준 그래디언트의 그래프(이중 backward)를 그립니다(이 스크립트에 대해 기억합니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="103"/>
        <source>off</source>
        <translation>끔</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="104"/>
        <source> backward() calls</source>
        <translation>번의 backward() 호출</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="108"/>
        <source>Record each parameter&apos;s gradient norm over a training loop&apos;s first backward() calls (the script runs on until the last of them) and show in the Gradient Health panel which modules&apos; gradients vanish or explode; 0: off</source>
        <translation>학습 루프의 처음 backward() 호출들에서 각 매개변수의 기울기 크기를 기록하고(스크립트는 그 마지막 호출까지 실행됩니다), 기울기 건강 패널에서 어느 모듈의 기울기가 사라지거나 폭발하는지 보여 줍니다. 0: 끔</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="113"/>
        <source>Gradient health:</source>
        <translation>기울기 건강:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="120"/>
        <source>What the script finds in sys.argv[1:] (argparse), as on a command line; remembered for this script</source>
        <translation>스크립트가 sys.argv[1:]에서 읽는 값(argparse)으로, 명령줄처럼 입력합니다. 이 스크립트에 대해 기억됩니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="124"/>
        <source>Arguments ({name}):</source>
        <translation>인자 ({name}):</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="133"/>
        <source>A graph whose layout would take longer opens collapsed to module level</source>
        <translation>배치에 이보다 오래 걸릴 그래프는 모듈 단위로 접힌 채 열립니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="135"/>
        <source>Collapse graphs whose layout takes over:</source>
        <translation>배치 시간이 이보다 길면 접기:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="136"/>
        <source>Open big graphs at a readable depth</source>
        <translation>큰 그래프는 읽을 수 있는 깊이로 열기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="141"/>
        <source>A new graph of more than a few hundred nodes opens with its modules collapsed to the depth whose labels are readable at the window&apos;s size; off: every node the layout time allows</source>
        <translation>노드가 수백 개를 넘는 새 그래프는 창 크기에서 레이블을 읽을 수 있는 깊이까지 모듈을 접어서 엽니다. 끄면 배치 시간이 허락하는 만큼 모든 노드를 엽니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="148"/>
        <source>Names only</source>
        <translation>이름만</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="149"/>
        <source>Names and shapes</source>
        <translation>이름과 모양(shape)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="150"/>
        <source>Everything (dtype, device)</source>
        <translation>전부 (자료형, 장치 포함)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="154"/>
        <source>What each node&apos;s label says, in the window and in exports</source>
        <translation>각 노드의 이름표에 무엇을 쓸지 (창과 내보내기 모두)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="155"/>
        <source>Label detail:</source>
        <translation>노드 이름표 내용:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="157"/>
        <source>System language</source>
        <translation>시스템 언어</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="160"/>
        <source>The window reads in the new language after a restart, which it offers</source>
        <translation>창은 다시 시작한 뒤에 새 언어로 표시됩니다(다시 시작할지 물어봅니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="162"/>
        <source>Language:</source>
        <translation>언어:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="163"/>
        <source>System</source>
        <translation>시스템</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="163"/>
        <source>Light</source>
        <translation>밝게</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="163"/>
        <source>Dark</source>
        <translation>어둡게</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="165"/>
        <source>Theme:</source>
        <translation>테마:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="171"/>
        <source>Changes apply to the next run of a script.</source>
        <translation>바뀐 설정은 스크립트를 다음에 실행할 때 적용됩니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="186"/>
        <source>Found beside each script (.venv or venv), else $VIRTUAL_ENV or $CONDA_PREFIX, else the app&apos;s own</source>
        <translation>각 스크립트 옆에서 찾음(.venv 또는 venv), 없으면 $VIRTUAL_ENV 또는 $CONDA_PREFIX, 그것도 없으면 앱 자신의 것</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="192"/>
        <source>The Python every script runs under unless it has its own: a python executable or a virtual environment&apos;s folder</source>
        <translation>스크립트마다 따로 고르지 않았을 때 모든 스크립트를 실행할 Python: python 실행 파일 또는 가상 환경 폴더</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="196"/>
        <source>Python interpreter (every script):</source>
        <translation>Python 인터프리터(모든 스크립트):</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="200"/>
        <source>The one above</source>
        <translation>위의 것</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="202"/>
        <source>The Python this script runs under, remembered for this script</source>
        <translation>이 스크립트를 실행할 Python(이 스크립트에 대해 기억됨)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="205"/>
        <source>Python interpreter ({name}):</source>
        <translation>Python 인터프리터({name}):</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="217"/>
        <source>The script&apos;s folder</source>
        <translation>스크립트가 있는 폴더</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="218"/>
        <source>The folder the app started in ({folder})</source>
        <translation>앱을 시작한 폴더({folder})</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="221"/>
        <source>This folder:</source>
        <translation>이 폴더:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="227"/>
        <source>The folder a script runs in (its os.getcwd()): where it reads and writes files named without a folder</source>
        <translation>스크립트가 실행되는 폴더(os.getcwd()): 폴더 없이 이름만 쓴 파일을 읽고 쓰는 곳</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="240"/>
        <source>Working folder:</source>
        <translation>작업 폴더:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="245"/>
        <source>Automatic (the system&apos;s Graphviz when installed, else the packaged one)</source>
        <translation>자동(시스템 Graphviz가 설치되어 있으면 그것, 아니면 패키지 엔진)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="246"/>
        <source>System Graphviz (dot on PATH)</source>
        <translation>시스템 Graphviz(PATH의 dot)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="247"/>
        <source>Packaged (graphviz-pure, installed with the app)</source>
        <translation>패키지(graphviz-pure, 앱과 함께 설치됨)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="253"/>
        <source>The program that lays graphs out and draws exports; the packaged one needs no Graphviz installed and draws PDF through Qt</source>
        <translation>그래프를 배치하고 내보낼 그림을 그리는 프로그램입니다. 패키지 엔진은 Graphviz 설치가 필요 없고 PDF는 Qt로 그립니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="257"/>
        <source>Graphviz engine:</source>
        <translation>Graphviz 엔진:</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="259"/>
        <source>system</source>
        <translation>시스템</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="259"/>
        <source>packaged</source>
        <translation>패키지</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="264"/>
        <source>Installed: {engines}</source>
        <translation>설치됨: {engines}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="264"/>
        <source>No engine installed</source>
        <translation>설치된 엔진 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="286"/>
        <source>Browse…</source>
        <translation>찾아보기…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="297"/>
        <source>Choose a folder</source>
        <translation>폴더 고르기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="297"/>
        <source>Choose a Python interpreter</source>
        <translation>Python 인터프리터 고르기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="318"/>
        <source>A script</source>
        <translation>스크립트</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="320"/>
        <source>{name} runs with {python} ({why}).</source>
        <translation>{name}은(는) {python}(으)로 실행됩니다 ({why}).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/preferences.py" line="326"/>
        <source>No such file: pick an existing Python.</source>
        <translation>파일이 없습니다: 있는 Python을 고르세요.</translation>
    </message>
</context>
<context>
    <name>Problems</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="68"/>
        <source> (made by {op})</source>
        <translation> ({op}이(가) 만든)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="74"/>
        <source>{what} on line {line}</source>
        <translation>{line}번째 줄의 {what}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="77"/>
        <source> (made by another {op}, on line {line})</source>
        <translation> ({line}번째 줄의 다른 {op}이(가) 만든)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="82"/>
        <source>Line {line} cuts the graph: {code}. {what} takes the detached tensor{made_by}, shape {shape}, as a constant, so no gradient flows back to what made it.</source>
        <translation>{line}번째 줄이 그래프를 끊습니다: {code}. {what}은(는) 떼어 낸{made_by} 텐서(모양 {shape})를 상수로 받으므로, 그 텐서를 만든 쪽으로는 기울기가 흐르지 않습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="116"/>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="125"/>
        <source> (line {line})</source>
        <translation> ({line}번째 줄)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="117"/>
        <source> and </source>
        <translation> 및 </translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="118"/>
        <source>{kinds} gradient at {what}{where}: {nan} NaN, {inf} Inf values.</source>
        <translation>{what}{where}에 {kinds} 기울기: NaN {nan}개, Inf {inf}개.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="126"/>
        <source> It first appears here: the backward of {what}{at} produced it.</source>
        <translation> 처음 나타난 곳: {what}{at}의 역전파가 만들었습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="132"/>
        <source> {name}.grad holds it; an optimizer step would spread it.</source>
        <translation> {name}.grad에 들어 있으며, 옵티마이저 단계가 이를 퍼뜨립니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="133"/>
        <source>The leaf</source>
        <translation>리프 텐서</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="136"/>
        <source> Every node backward reaches from here receives it too.</source>
        <translation> 여기서부터 역전파가 닿는 모든 노드도 이를 받습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="154"/>
        <source>Backward stopped: {error}</source>
        <translation>역전파가 멈췄습니다: {error}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="180"/>
        <source>{name}: {why}</source>
        <translation>{name}: {why}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="196"/>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="242"/>
        <source>No problems.</source>
        <translation>문제가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="230"/>
        <source>  ▸ click to select the node</source>
        <translation>  ▸ 클릭하면 노드를 선택합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="232"/>
        <source>  ▸ click to see line {line}</source>
        <translation>  ▸ 클릭하면 {line}번째 줄을 봅니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="245"/>
        <source>{n} error</source>
        <translation>오류 {n}개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="245"/>
        <source>{n} errors</source>
        <translation>오류 {n}개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="246"/>
        <source>{n} warning</source>
        <translation>경고 {n}개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="246"/>
        <source>{n} warnings</source>
        <translation>경고 {n}개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="247"/>
        <source>{n} note</source>
        <translation>알림 {n}개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="247"/>
        <source>{n} notes</source>
        <translation>알림 {n}개</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/problems.py" line="250"/>
        <source>. Click one to jump to it.</source>
        <translation>. 항목을 클릭하면 그곳으로 갑니다.</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <location filename="../../graphviz_app/qt/i18n.py" line="53"/>
        <source>&amp;Look in:</source>
        <translation>다음에서 찾기(&amp;L):</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/i18n.py" line="54"/>
        <source>Files of &amp;type:</source>
        <translation>파일 형식(&amp;T):</translation>
    </message>
</context>
<context>
    <name>Restart</name>
    <message>
        <location filename="../../graphviz_app/qt/shell/restart.py" line="86"/>
        <source>Restart graphviz_app</source>
        <translation>graphviz_app 다시 시작</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/restart.py" line="89"/>
        <source>The window will read in {language} after a restart. Restart now?</source>
        <translation>다시 시작하면 창이 {language}(으)로 표시됩니다. 지금 다시 시작할까요?</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/restart.py" line="95"/>
        <source>graphviz_app starts again on {name} and opens it again (a script runs again with the arguments remembered for it); your settings are kept. The current step and expanded modules start over.</source>
        <translation>graphviz_app이 다시 시작하면서 {name}을(를) 다시 엽니다(스크립트는 기억해 둔 인수로 다시 실행됩니다). 설정은 그대로 유지됩니다. 현재 단계와 펼친 모듈은 처음 상태로 돌아갑니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/restart.py" line="104"/>
        <source>graphviz_app starts again on the basic lesson; your settings are kept.</source>
        <translation>graphviz_app이 기본 수업으로 다시 시작합니다. 설정은 그대로 유지됩니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/restart.py" line="109"/>
        <source>Restart Now</source>
        <translation>지금 다시 시작</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/restart.py" line="111"/>
        <source>Later</source>
        <translation>나중에</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/restart.py" line="120"/>
        <source>The language changes at the next start.</source>
        <translation>언어는 다음에 시작할 때 바뀝니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/shell/restart.py" line="132"/>
        <source>graphviz_app could not be started again ({command}); this window stays open. Close it and start graphviz_app yourself to see the new language.</source>
        <translation>graphviz_app을 다시 시작하지 못했습니다({command}). 이 창은 열린 채로 둡니다. 새 언어로 보려면 창을 닫고 graphviz_app을 직접 시작하세요.</translation>
    </message>
</context>
<context>
    <name>RunOptions</name>
    <message>
        <location filename="../../graphviz_app/wire/run_options.py" line="31"/>
        <source>The run time limit is {value}, not a number of seconds above 0. Give a limit such as 60 (--timeout S, or Edit ▸ Preferences ▸ Run time limit).</source>
        <translation>실행 시간 제한이 {value}입니다. 0보다 큰 초 수여야 합니다. 60 같은 값을 주세요(--timeout S, 또는 편집 ▸ 환경 설정 ▸ 실행 시간 제한).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/wire/run_options.py" line="36"/>
        <source>The backward call to capture is {value}, not a call number (1 is the first). Give 1 or more (--backward-call N, or Edit ▸ Preferences ▸ Backward call to capture).</source>
        <translation>캡처할 backward 호출이 {value}입니다. 호출 번호가 아닙니다(1이 첫 번째). 1 이상을 주세요(--backward-call N, 또는 편집 ▸ 환경 설정 ▸ 캡처할 backward 호출).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/wire/run_options.py" line="41"/>
        <source>The run option {option} is {value}, not {expected}. Give it {expected}.</source>
        <translation>실행 옵션 {option}의 값 {value}은(는) {expected}이(가) 아닙니다. {expected}(으)로 주세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/wire/run_options.py" line="45"/>
        <source>true or false</source>
        <translation>참 또는 거짓</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/wire/run_options.py" line="46"/>
        <source>a variable name or nothing</source>
        <translation>변수 이름 또는 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/wire/run_options.py" line="47"/>
        <source>a folder or nothing</source>
        <translation>폴더 또는 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/wire/run_options.py" line="48"/>
        <source>a list of texts</source>
        <translation>문자열 목록</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/wire/run_options.py" line="49"/>
        <source>a number of nodes (0 or more) or nothing</source>
        <translation>노드 수(0 이상) 또는 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/wire/run_options.py" line="50"/>
        <source>The gradient health steps are {value}, not a number of backward() calls from 0 (off) to {most}. Give such a number (--health N, or Edit ▸ Preferences ▸ Gradient health).</source>
        <translation>기울기 건강 단계 수가 {value}입니다. 0(끔)부터 {most}까지의 backward() 호출 수가 아닙니다. 그런 수를 주세요(--health N, 또는 편집 ▸ 환경 설정 ▸ 기울기 건강).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/wire/run_options.py" line="55"/>
        <source>The run options name {option}, which this graphviz_app does not know. The app and its capture worker come from different versions: start graphviz_app again.</source>
        <translation>실행 옵션에 이 graphviz_app이 모르는 {option}이(가) 있습니다. 앱과 캡처 워커의 버전이 다릅니다. graphviz_app을 다시 시작하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/wire/run_options.py" line="60"/>
        <source>The run options are {value}, not a JSON object. The app and its capture worker come from different versions: start graphviz_app again.</source>
        <translation>실행 옵션이 JSON 객체가 아니라 {value}입니다. 앱과 캡처 워커의 버전이 다릅니다. graphviz_app을 다시 시작하세요.</translation>
    </message>
</context>
<context>
    <name>Search</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/search.py" line="42"/>
        <source>Search op, name or module…</source>
        <translation>연산, 이름, 모듈 검색…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/search.py" line="46"/>
        <source>Find nodes by op (AddBackward0), variable/parameter name or module (Ctrl+F). Enter: next match, Shift+Enter: previous, Esc: clear.</source>
        <translation>연산(AddBackward0), 변수/파라미터 이름, 모듈로 노드를 찾습니다(Ctrl+F). Enter: 다음, Shift+Enter: 이전, Esc: 지우기.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/search.py" line="56"/>
        <source>Previous match (Shift+Enter)</source>
        <translation>이전 결과 (Shift+Enter)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/search.py" line="58"/>
        <source>Next match (Enter)</source>
        <translation>다음 결과 (Enter)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/search.py" line="126"/>
        <source>no match</source>
        <translation>결과 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/search.py" line="129"/>
        <source>{index} of {count}</source>
        <translation>{count}개 중 {index}</translation>
    </message>
</context>
<context>
    <name>Slowest</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="70"/>
        <source>backward not run</source>
        <translation>역전파 실행 안 함</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="72"/>
        <source>Forward {forward}, backward {backward}</source>
        <translation>순전파 {forward}, 역전파 {backward}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="765"/>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="125"/>
        <source>time</source>
        <translation>시간</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="766"/>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="126"/>
        <source>forward</source>
        <translation>순전파</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="767"/>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="127"/>
        <source>backward</source>
        <translation>역전파</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="130"/>
        <source>Forward: each op&apos;s call in the script; backward: each node&apos;s work in the captured backward pass. A node&apos;s time is both together; the {count} slowest are listed.</source>
        <translation>순전파: 스크립트에서 연산마다 호출한 시간, 역전파: 캡처한 역전파에서 노드마다 일한 시간. 노드의 시간은 둘을 더한 것이며, 가장 느린 {count}개를 보여 줍니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="136"/>
        <source>Time: not measured in this graph.</source>
        <translation>시간: 이 그래프에서는 재지 않았습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="137"/>
        <source>It was saved before graphviz_app measured each node&apos;s time. Open its script to measure it.</source>
        <translation>graphviz_app이 노드마다 시간을 재기 전에 저장된 그래프입니다. 재려면 그 스크립트를 여세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/holders.py" line="142"/>
        <source>No node took a measurable time.</source>
        <translation>잴 만한 시간이 걸린 노드가 없습니다.</translation>
    </message>
</context>
<context>
    <name>SourcePanel</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="401"/>
        <source>No script</source>
        <translation>스크립트 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="409"/>
        <source>Open the script this graph came from</source>
        <translation>이 그래프를 만든 스크립트 열기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="509"/>
        <source>The script&apos;s name is not a valid path: it was not read.</source>
        <translation>스크립트의 이름이 올바른 경로가 아니어서 읽지 않았습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="550"/>
        <source>Read {script}</source>
        <translation>{script} 읽기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="557"/>
        <source>{name} (edited; the file changed on disk)</source>
        <translation>{name} (수정됨; 디스크의 파일이 바뀌었습니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="561"/>
        <source>{name} (edited)</source>
        <translation>{name} (수정됨)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="567"/>
        <source>This saved graph names the script it came from; it is not read until you ask.</source>
        <translation>이 저장된 그래프에는 그래프를 만든 스크립트의 이름이 있습니다. 요청하기 전에는 읽지 않습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="571"/>
        <source>No script: open a .py file to see its source here.</source>
        <translation>스크립트 없음: .py 파일을 열면 여기에 소스가 보입니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="576"/>
        <source>{path}
Click a line to select the ops it created</source>
        <translation>{path}
줄을 클릭하면 그 줄이 만든 연산을 선택합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="580"/>
        <source>Edit the script here and press Ctrl+Enter to run it.</source>
        <translation>여기에서 스크립트를 고치고 Ctrl+Enter를 누르면 실행됩니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="583"/>
        <source>A bundled lesson is never changed: your edit runs from a copy in {folder}; Reset shows the lesson again.</source>
        <translation>내장 수업 파일은 바뀌지 않습니다: 고친 내용은 {folder}에 있는 사본으로 실행됩니다. 원래대로를 누르면 수업 내용이 다시 보입니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="605"/>
        <source>A bundled lesson is never saved: your edit runs from a copy in {folder}.</source>
        <translation>내장 수업은 저장되지 않습니다: 고친 내용은 {folder}에 있는 사본으로 실행됩니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="616"/>
        <source>Show the lesson&apos;s own text again (Ctrl+Z undoes it)</source>
        <translation>수업의 원래 내용을 다시 보여 줍니다(Ctrl+Z로 되돌릴 수 있습니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="618"/>
        <source>Discard your edits: show the file as saved (Ctrl+Z undoes it)</source>
        <translation>고친 내용을 버리고 저장된 파일 내용을 보여 줍니다(Ctrl+Z로 되돌릴 수 있습니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="690"/>
        <source>{folder} cannot be written, so your edit of {name} runs from {copy}: modules beside the script are not found from there. Save the script to run it in its own folder.</source>
        <translation>{folder}에 쓸 수 없어서 {name}의 수정본을 {copy}에서 실행합니다: 거기서는 스크립트 옆에 있는 모듈을 찾지 못합니다. 스크립트가 있는 폴더에서 실행하려면 스크립트를 저장하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="706"/>
        <source>Cannot run your edit of {name}: its copy {copy} could not be written ({error}). Make that folder writable or free some disk space, then run again.</source>
        <translation>{name}의 수정본을 실행할 수 없습니다: 사본 {copy}을(를) 쓰지 못했습니다({error}). 그 폴더에 쓸 수 있게 하거나 디스크 공간을 확보한 뒤 다시 실행하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="761"/>
        <source>The file changed on disk</source>
        <translation>파일이 디스크에서 바뀌었습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="763"/>
        <source>{name} was changed by another program after it was opened here.</source>
        <translation>{name}은(는) 여기서 연 뒤에 다른 프로그램이 바꿨습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="773"/>
        <source>Save your text over it? The other program&apos;s change is then lost. Cancel keeps the file as it is and your edits here; Reset shows the file&apos;s new text.</source>
        <translation>지금 내용으로 덮어써 저장할까요? 그러면 다른 프로그램이 바꾼 내용은 사라집니다. 취소하면 파일과 여기의 수정 내용이 그대로 남고, 원래대로를 누르면 파일의 새 내용을 보여 줍니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="795"/>
        <source>{name} is not UTF-8 text, so saving it from here would change bytes you did not edit. Edit it in your text editor instead.</source>
        <translation>{name}은(는) UTF-8 텍스트가 아니라서, 여기에서 저장하면 고치지 않은 바이트까지 바뀝니다. 대신 텍스트 편집기에서 고치세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="811"/>
        <source>Cannot save {path}: {error}. Make the file writable, or copy the text (Ctrl+A, Ctrl+C) into a file you can write.</source>
        <translation>{path}을(를) 저장할 수 없습니다: {error}. 파일에 쓸 수 있게 하거나, 내용을 복사해(Ctrl+A, Ctrl+C) 쓸 수 있는 파일에 붙여 넣으세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="868"/>
        <source>Your edit of the lesson {name} is kept in {copy}: open that file to go on with it.</source>
        <translation>수업 {name}을(를) 고친 내용은 {copy}에 남겨 두었습니다: 이어서 하려면 그 파일을 여세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="879"/>
        <source>Unsaved changes</source>
        <translation>저장하지 않은 변경 사항</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="881"/>
        <source>{name} has changes you have not saved.</source>
        <translation>{name}에 저장하지 않은 변경 사항이 있습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="890"/>
        <source>Save them before closing? If you discard them, they are lost.</source>
        <translation>닫기 전에 저장할까요? 버리면 변경 사항이 사라집니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="893"/>
        <source>Save them before opening {name}? If you discard them, they are lost.</source>
        <translation>{name}을(를) 열기 전에 저장할까요? 버리면 변경 사항이 사라집니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="907"/>
        <source>Not saved</source>
        <translation>저장하지 못함</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/source.py" line="966"/>
        <source>The error is in {file}, line {line}: save or reset your edits to see that file here.</source>
        <translation>오류는 {file}의 {line}번째 줄에 있습니다: 그 파일을 여기에서 보려면 고친 내용을 저장하거나 원래대로 되돌리세요.</translation>
    </message>
</context>
<context>
    <name>StaleBanner</name>
    <message>
        <location filename="../../graphviz_app/qt/canvas/stale.py" line="40"/>
        <source>Reading {name} again was cancelled: the graph shown is the one read before.</source>
        <translation>{name}을(를) 다시 읽는 것을 취소했습니다: 보이는 그래프는 전에 읽은 것입니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/stale.py" line="44"/>
        <source>Running {name} again was cancelled: the graph shown is from its last complete run.</source>
        <translation>{name}의 새 실행을 취소했습니다: 보이는 그래프는 마지막으로 끝까지 실행된 결과입니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/stale.py" line="58"/>
        <source>Fix the script and save it to reload, or see Messages.</source>
        <translation>스크립트를 고쳐 저장하면 다시 불러옵니다. 자세한 내용은 메시지 패널을 보세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/stale.py" line="59"/>
        <source>Fix your edit in the Source panel and run it again (Ctrl+Enter), or see Messages.</source>
        <translation>소스 코드 패널에서 고친 내용을 바로잡아 다시 실행하세요(Ctrl+Enter). 자세한 내용은 메시지 패널을 보세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/stale.py" line="62"/>
        <source>The lesson is read-only: edit it in the Source panel to run your own copy (Ctrl+Enter), or report the lesson with the text in Messages.</source>
        <translation>수업 파일은 읽기 전용입니다. 소스 코드 패널에서 고쳐 내 사본으로 실행하거나(Ctrl+Enter), 메시지 패널의 내용을 붙여 이 수업을 신고하세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/stale.py" line="67"/>
        <source>The script is not at fault: see Messages for the fix, then reload.</source>
        <translation>스크립트의 잘못이 아닙니다. 메시지 패널에서 해결 방법을 확인한 뒤 다시 불러오세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/canvas/stale.py" line="72"/>
        <source>Showing the last good graph of {shown}. Loading {failed} again failed: {why} {ask}</source>
        <translation>{shown}의 마지막 정상 그래프를 보여 주고 있습니다. {failed}을(를) 다시 불러오지 못했습니다: {why} {ask}</translation>
    </message>
</context>
<context>
    <name>StepText</name>
    <message>
        <location filename="../../graphviz_app/core/view/stepping.py" line="47"/>
        <source>Backward step</source>
        <translation>역전파 단계</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/stepping.py" line="37"/>
        <source>Forward: nothing created yet ({count} steps).</source>
        <translation>순전파: 아직 아무것도 만들어지지 않았습니다 (전체 {count}단계).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/stepping.py" line="38"/>
        <source>Forward step {index}/{count}: {what} leaf tensor, shape {shape}</source>
        <translation>순전파 단계 {index}/{count}: {what} 리프(leaf) 텐서, 모양 {shape}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/stepping.py" line="41"/>
        <source>Forward step {index}/{count}: {what} created, shape {shape}</source>
        <translation>순전파 단계 {index}/{count}: {what} 생성, 모양 {shape}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/stepping.py" line="42"/>
        <source> at line {line}: {code}</source>
        <translation> ({line}번째 줄: {code})</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/stepping.py" line="43"/>
        <source>Backward has not run: run backward to step through it.</source>
        <translation>역전파가 실행되지 않았습니다: 역전파를 실행하면 단계별로 볼 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/stepping.py" line="44"/>
        <source>Backward: the engine runs {count} nodes, starting at the output.</source>
        <translation>역전파: 엔진이 출력에서 시작해 노드 {count}개를 실행합니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/stepping.py" line="48"/>
        <source>{what} receives the seed gradient</source>
        <translation>{what}이(가) 시작 기울기(seed gradient)를 받습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/stepping.py" line="49"/>
        <source> (ones)</source>
        <translation> (모두 1)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/stepping.py" line="51"/>
        <source> 1.0</source>
        <translation> (값 1.0)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/stepping.py" line="53"/>
        <source>{what} accumulates its gradient into .grad</source>
        <translation>{what}이(가) 기울기를 .grad에 누적합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/stepping.py" line="54"/>
        <source>{what} sums the gradients of its {count} consumers</source>
        <translation>{what}이(가) 자신을 쓴 {count}곳의 기울기를 더합니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/stepping.py" line="55"/>
        <source>{what} receives its gradient</source>
        <translation>{what}이(가) 기울기를 받습니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/view/stepping.py" line="56"/>
        <source>. Chain rule: </source>
        <translation>. 연쇄 법칙(chain rule): </translation>
    </message>
</context>
<context>
    <name>Time</name>
    <message>
        <location filename="../../graphviz_app/cli.py" line="753"/>
        <source>Time: {forward} forward, {backward} backward ({clock})</source>
        <translation>시간: 순전파 {forward}, 역전파 {backward} ({clock})</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="754"/>
        <source>each op&apos;s call and each node&apos;s backward on the host&apos;s clock</source>
        <translation>연산마다의 호출과 노드마다의 역전파, 호스트 시계로 잼</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="755"/>
        <source>each op&apos;s call and each node&apos;s backward; CUDA events for the nodes on a GPU</source>
        <translation>연산마다의 호출과 노드마다의 역전파, GPU의 노드는 CUDA 이벤트로 잼</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="758"/>
        <source>no backward pass</source>
        <translation>역전파 없음</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/cli.py" line="759"/>
        <source>Time: not recorded in this graph (saved before graphviz_app measured it). Export it again from its script with --time.</source>
        <translation>시간: 이 그래프에는 기록되지 않았습니다(graphviz_app이 시간을 재기 전에 저장됨). 스크립트에서 --time으로 다시 내보내세요.</translation>
    </message>
</context>
<context>
    <name>TimelinePanel</name>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="206"/>
        <source>First Step</source>
        <translation>첫 단계</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="207"/>
        <source>Previous Step</source>
        <translation>이전 단계</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="208"/>
        <source>Play / Pause</source>
        <translation>재생 / 일시 정지</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="209"/>
        <source>Next Step</source>
        <translation>다음 단계</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="210"/>
        <source>Last Step</source>
        <translation>마지막 단계</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="211"/>
        <source>Forward</source>
        <translation>순전파</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="212"/>
        <source>Backward</source>
        <translation>역전파</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="218"/>
        <source>Step through the forward pass: ops appear in creation order</source>
        <translation>순전파를 단계별로 봅니다: 연산이 만들어진 순서대로 나타납니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="223"/>
        <source>Step through backward: nodes in the order the autograd engine ran them</source>
        <translation>역전파를 단계별로 봅니다: autograd 엔진이 실행한 순서대로 노드를 봅니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="254"/>
        <source>Drag to any step (← / → step, Home / End)</source>
        <translation>원하는 단계로 드래그하세요 (← / → 한 단계, Home / End)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="262"/>
        <source>Play speed</source>
        <translation>재생 속도</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="268"/>
        <source>Run backward</source>
        <translation>역전파 실행</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="272"/>
        <source>Run the script again and call backward on its output, to record the gradients (one click)</source>
        <translation>스크립트를 다시 실행하고 그 출력에서 backward를 호출해 기울기를 기록합니다(한 번 클릭)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="276"/>
        <source>Show all</source>
        <translation>전체 보기</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="277"/>
        <source>Stop stepping: show the whole graph</source>
        <translation>단계 보기를 멈추고 그래프 전체를 보여 줍니다</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="450"/>
        <source>call {call} of {total}</source>
        <translation>호출 {call}/{total}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="455"/>
        <source>The graph of the gradients the script&apos;s torch.autograd.grad(create_graph=True) call {call} returned: choose another call to run the script again and capture it (the same setting as Edit ▸ Preferences ▸ Backward call to capture).</source>
        <translation>스크립트의 {call}번째 torch.autograd.grad(create_graph=True) 호출이 돌려준 그래디언트의 그래프입니다. 다른 호출을 고르면 스크립트를 다시 실행해 그 호출을 캡처합니다(편집 ▸ 환경 설정 ▸ 캡처할 backward 호출과 같은 설정입니다).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="461"/>
        <source>The graph of the script&apos;s backward() call {call}: choose another call to run the script again and capture it (the same setting as Edit ▸ Preferences ▸ Backward call to capture).</source>
        <translation>스크립트의 backward() 호출 {call}의 그래프입니다. 다른 호출을 고르면 스크립트를 다시 실행해 그 호출을 캡처합니다(편집 ▸ 환경 설정 ▸ 캡처할 backward 호출과 같은 설정입니다).</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="469"/>
        <source>The script was stopped after this call, so its later calls are not counted yet: choose the next one to run further, or untick Edit ▸ Preferences ▸ Stop the script right after the captured backward() to count them all.</source>
        <translation>스크립트가 이 호출 직후에 멈췄으므로 그 뒤의 호출은 아직 세지 않았습니다. 다음 호출을 골라 더 실행하거나, 편집 ▸ 환경 설정 ▸ 캡처한 backward() 직후에 스크립트 멈추기의 선택을 해제하면 모든 호출을 셉니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="482"/>
        <source>call {call}</source>
        <translation>호출 {call}</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="489"/>
        <source>call {call} (runs the script further)</source>
        <translation>호출 {call} (스크립트를 더 실행합니다)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="553"/>
        <source>Pause</source>
        <translation>일시 정지</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="553"/>
        <source>Play</source>
        <translation>재생</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="565"/>
        <source>Open a script to step through its forward and backward passes.</source>
        <translation>스크립트를 열면 순전파와 역전파를 한 단계씩 따라갈 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="568"/>
        <source>Running the script again to capture its backward() call {call}…</source>
        <translation>backward() 호출 {call}을 캡처하려고 스크립트를 다시 실행하는 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="576"/>
        <source>The gradients shown (beside the leaves) come from the script&apos;s own backward, run before the graph was captured, so the order the engine ran the nodes in was not recorded: there are no backward steps. Open the script and press Run backward (Ctrl+B) to step through them.</source>
        <translation>(잎 노드 옆에) 보이는 기울기는 그래프를 캡처하기 전에 스크립트가 직접 실행한 역전파에서 나온 것이라, 엔진이 노드를 실행한 순서는 기록되지 않았습니다. 그래서 역전파 단계가 없습니다. 단계별로 보려면 스크립트를 열고 역전파 실행(Ctrl+B)을 누르세요.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="582"/>
        <source>Running the script with backward…</source>
        <translation>역전파를 포함해 스크립트를 실행하는 중…</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="585"/>
        <source>The script did not run backward, so there are no gradients yet. Click Run backward (Ctrl+B) to run it and step through the gradients.</source>
        <translation>스크립트가 역전파를 실행하지 않아 아직 기울기가 없습니다. 역전파 실행(Ctrl+B)을 누르면 실행한 뒤 기울기를 단계별로 볼 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/qt/panels/timeline.py" line="590"/>
        <source>Press → or Play to watch the graph being built op by op (Backward: the gradients flowing back).</source>
        <translation>→ 키나 재생을 누르면 그래프가 연산 하나씩 만들어지는 모습을 봅니다 (역전파: 기울기가 거꾸로 흐르는 모습).</translation>
    </message>
</context>
<context>
    <name>Values</name>
    <message>
        <location filename="../../graphviz_app/core/model/values.py" line="30"/>
        <source>grad in =</source>
        <translation>들어온 기울기 =</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/values.py" line="32"/>
        <source>(kept by retain_grad)</source>
        <translation>(retain_grad로 저장됨)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/values.py" line="34"/>
        <source>(not kept)</source>
        <translation>(저장되지 않음)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/values.py" line="36"/>
        <source>(no grad)</source>
        <translation>(기울기 없음)</translation>
    </message>
    <message>
        <location filename="../../graphviz_app/core/model/values.py" line="38"/>
        <source>value</source>
        <translation>값</translation>
    </message>
</context>
</TS>
