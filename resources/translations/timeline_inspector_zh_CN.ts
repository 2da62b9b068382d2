<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ComparisonModel</name>
    <message>
        <location filename="../../timeline_app/gui/comparison_view.py" line="+36"/>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Received</source>
        <translation>实际收到</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First difference</source>
        <translation>首个差异</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>changed</source>
        <translation>有改动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>extra</source>
        <translation>多出</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>not received</source>
        <translation>未收到</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not predicted</source>
        <translation>未预测</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>end</source>
        <translation>结尾</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>byte %1: %2 → %3</source>
        <translation>第 %1 字节：%2 → %3</translation>
    </message>
</context>
<context>
    <name>ComparisonView</name>
    <message>
        <location line="-49"/>
        <source>absolute</source>
        <translation>绝对时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>relative</source>
        <translation>相对时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cst</source>
        <translation>CST</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 is a carriage return (\r), %2 another control character; First difference gives the exact bytes</source>
        <translation>%1 表示回车符（\r），%2 表示其他控制字符；“首个差异”列给出确切的字节</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>Predicted by the inspector</source>
        <translation>本工具预测的内容</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Received by the model</source>
        <translation>模型实际收到的内容</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Pick a client request recorded on both legs.</source>
        <translation>请选择一个两条链路都录制到的客户端请求。</translation>
    </message>
    <message numerus="yes">
        <location line="+53"/>
        <source>%1 (%2, middleware now %3, %n model call(s) while it ran)</source>
        <translation>
            <numerusform>%1（%2，中间件当前时间 %3，期间有 %n 次模型调用）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>client request %1</source>
        <translation>客户端请求 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>model call %1</source>
        <translation>模型调用 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>note: %1</source>
        <translation>注：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>(no role)</source>
        <translation>（无角色）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>(%1)</source>
        <translation>（%1）</translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <location filename="../../timeline_app/gui/detail_pane.py" line="+67"/>
        <location line="+71"/>
        <source>Select a message to see it in full.</source>
        <translation>选择一条消息以查看全文。</translation>
    </message>
    <message>
        <location line="-57"/>
        <source>Hash</source>
        <translation>哈希</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stored value</source>
        <translation>存储的值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stored time</source>
        <translation>存储的时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Own time</source>
        <translation>自带时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next request</source>
        <translation>下次请求</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Source record</source>
        <translation>原始记录</translation>
    </message>
    <message numerus="yes">
        <location line="+42"/>
        <source>Orphans: %n stored time(s) no message matches</source>
        <translation>
            <numerusform>孤立条目：%n 个存储的时间没有对应的消息</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Orphans: open a transcript to find them</source>
        <translation>孤立条目：打开聊天记录后才能找出</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>No message selected</source>
        <translation>未选择消息</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>file entry</source>
        <translation>文件条目</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>(no entry)</source>
        <translation>（无条目）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(the transcript records none)</source>
        <translation>（聊天记录中没有）</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+12"/>
        <source>%1: %2</source>
        <comment>a name, then what it means or holds</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>(no transcript: nothing to simulate)</source>
        <translation>（没有聊天记录，无法模拟）</translation>
    </message>
</context>
<context>
    <name>DiscussionsPanel</name>
    <message>
        <location filename="../../timeline_app/gui/discussions.py" line="+23"/>
        <source>Discussion</source>
        <translation>对话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Entries</source>
        <translation>条目数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First</source>
        <translation>最早</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last</source>
        <translation>最晚</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>reading %1</source>
        <translation>正在读取 %1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Open a DiscussionIds folder (Ctrl+Shift+O).</source>
        <translation>请打开一个 DiscussionIds 文件夹（Ctrl+Shift+O）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Refres&amp;h</source>
        <translation>刷新(&amp;H)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read the folder again (new and changed discussions)</source>
        <translation>重新读取文件夹（显示新增和有改动的对话）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Reading %1 …</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show in &amp;file manager</source>
        <translation>在文件管理器中显示(&amp;F)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Copy path</source>
        <translation>复制路径(&amp;C)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>user %1 (your API key)</source>
        <translation>用户 %1（你的 API 密钥）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>user %1</source>
        <translation>用户 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>encrypted</source>
        <translation>已加密</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>reply pending</source>
        <translation>等待回复</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>legacy flat file</source>
        <translation>旧版平铺文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>legacy root</source>
        <translation>旧版根目录</translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>%n discussion(s) in %1</source>
        <translation>
            <numerusform>%1 中有 %n 个对话</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JobRunner</name>
    <message>
        <location filename="../../timeline_app/gui/jobs.py" line="+59"/>
        <source>unexpected error: %1</source>
        <translation>意外错误：%1</translation>
    </message>
</context>
<context>
    <name>PreviewPane</name>
    <message>
        <location filename="../../timeline_app/gui/preview_pane.py" line="+59"/>
        <source>… (cut here for display; Copy and Export have everything)</source>
        <translation>…（仅显示到此处；复制和导出包含全部内容）</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>&amp;Chat</source>
        <translation>聊天(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;JSON</source>
        <translation>JSON(&amp;J)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Wrap</source>
        <translation>自动换行(&amp;W)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Wrap long lines of the JSON view</source>
        <translation>JSON 视图中的长行自动换行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cop&amp;y JSON</source>
        <translation>复制 JSON(&amp;Y)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E&amp;xport…</source>
        <translation>导出(&amp;X)…</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Paste a node&apos;s systemPrompt here to see %1 filled in</source>
        <translation>在此粘贴节点的 systemPrompt，查看填入 %1 后的结果</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Copy fi&amp;lled prompt</source>
        <translation>复制填好的提示词(&amp;L)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>systemPrompt template</source>
        <translation>systemPrompt 模板</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>No preview: %1</source>
        <translation>无法预览：%1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>No preview yet.</source>
        <translation>暂无预览。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>(empty: no stored time parses)</source>
        <translation>（空：没有可解析的存储时间）</translation>
    </message>
    <message numerus="yes">
        <location line="+18"/>
        <source>Showing the newest %1 of %n message(s); the JSON view, Copy and Export have all of them.</source>
        <translation>
            <numerusform>共 %n 条消息，这里只显示最新的 %1 条；JSON 视图、复制和导出包含全部消息。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+23"/>
        <source>(no role)</source>
        <translation>（无角色）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>injected by the middleware</source>
        <translation>由中间件注入</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Export preview</source>
        <translation>导出预览</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>JSON (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
</context>
<context>
    <name>ProposalsModel</name>
    <message>
        <location filename="../../timeline_app/gui/repair_panel.py" line="+40"/>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>medium</source>
        <translation>中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time to store</source>
        <translation>要存储的时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stored now</source>
        <translation>当前存储</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>(untracked)</source>
        <translation>（未记录）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>orphan %1</source>
        <translation>孤立条目 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>from the transcript&apos;s own time</source>
        <translation>取自聊天记录自带的时间</translation>
    </message>
</context>
<context>
    <name>ReadOnlyTableModel</name>
    <message>
        <location filename="../../timeline_app/gui/tables.py" line="+34"/>
        <source>, </source>
        <comment>between the items of a list</comment>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>RecordingsModel</name>
    <message>
        <location filename="../../timeline_app/gui/recordings_model.py" line="+21"/>
        <source>Discussion / received</source>
        <translation>对话 / 接收时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leg</source>
        <translation>链路</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reply</source>
        <translation>回复</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 streamed</source>
        <translation>%1 流式</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (cut: %2)</source>
        <translation>%1（中断：%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (cut)</source>
        <translation>%1（中断）</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>id %1</source>
        <translation>ID %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>none: no file when the request arrived</source>
        <translation>无：请求到达时还没有文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>timestamp file %1, copy %2</source>
        <translation>时间戳文件 %1，副本 %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 B (not kept)</source>
        <translation>%1 B（未保存）</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n 个请求</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n unreadable line(s)</source>
        <translation>
            <numerusform>%n 行无法读取</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
</context>
<context>
    <name>RecordingsPanel</name>
    <message>
        <location filename="../../timeline_app/gui/recordings_panel.py" line="+101"/>
        <source>Open a recordings folder (the recorder&apos;s --out folder) from the File menu.</source>
        <translation>请从“文件”菜单打开录制文件夹（录制器的 --out 文件夹）。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Open recordings folder (the recorder&apos;s --out)</source>
        <translation>打开录制文件夹（录制器的 --out）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Reading %1 …</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>is not a folder (give the recorder&apos;s --out folder)</source>
        <translation>不是文件夹（请指定录制器的 --out 文件夹）</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>%n discussion(s), %1 request(s) in %2 (following it live)</source>
        <translation>
            <numerusform>%2 中有 %n 个对话、%1 个请求（实时跟踪中）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+47"/>
        <source>%1: no copy of the timestamp file was kept with it (record the client leg with --discussions ROOT); it opens with the discussion&apos;s file as it is now, if the DiscussionIds folder is open.</source>
        <translation>%1：录制时没有保留时间戳文件的副本（录制客户端链路时请加上 --discussions ROOT）；如果已打开 DiscussionIds 文件夹，将使用该对话当前的时间戳文件打开。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Comparing %1 …</source>
        <translation>正在比较 %1…</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>predicting the recorded request</source>
        <translation>正在预测录制的请求</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: a model call made while no client request ran</source>
        <translation>%1：这次模型调用发生时没有正在进行的客户端请求</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>not compared: %1</source>
        <translation>未比较：%1</translation>
    </message>
</context>
<context>
    <name>RepairPanel</name>
    <message>
        <location filename="../../timeline_app/gui/repair_panel.py" line="+45"/>
        <source>Re-anchor legacy backfill runs to the transcript&apos;s own times</source>
        <translation>将旧版回填的逐秒序列重新对齐到聊天记录自带的时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove orphans whose time was given back</source>
        <translation>删除时间已归还的孤立条目</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>These files belong together</source>
        <translation>这些文件是配套的</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The transcript and the file look unrelated; say they belong together to apply</source>
        <translation>聊天记录与时间戳文件看起来不相关；确认它们配套后才能应用</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>F&amp;ind proposals</source>
        <translation>查找修复建议(&amp;I)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Accept all hi&amp;gh</source>
        <translation>接受全部高置信度(&amp;G)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accept all &amp;medium</source>
        <translation>接受全部中置信度(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re&amp;ject all</source>
        <translation>全部拒绝(&amp;J)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Apply accepted (undoable)</source>
        <translation>应用已接受的建议(&amp;A)（可撤销）</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Looking for proposals …</source>
        <translation>正在查找修复建议…</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Press Find proposals to look for stored times that untracked messages can get back.</source>
        <translation>点击“查找修复建议”，为未记录时间的消息找回存储的时间。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n proposal(s), %1 accepted. Low ones are never accepted for you; applying keeps every stored time and writes nothing until you save.</source>
        <translation>
            <numerusform>共 %n 条修复建议，已接受 %1 条。低置信度的建议不会自动接受；应用时保留所有存储的时间，保存之前不会写入任何内容。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No proposals: every message is tracked, or no orphan time fits an untracked message.</source>
        <translation>没有修复建议：所有消息都已记录时间，或者没有适合未记录消息的孤立时间。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 The files may not belong together (see the banner): confirm before applying.</source>
        <translation>%1 这些文件可能不是配套的（见横幅提示），请先确认再应用。</translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>Repair: %n proposal(s)</source>
        <translation>
            <numerusform>修复：%n 条建议</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SimulateDialog</name>
    <message>
        <location filename="../../timeline_app/gui/simulate_dialog.py" line="+42"/>
        <source>Simulate the next request (backfill)</source>
        <translation>模拟下一次请求（回填）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Simulate at this time</source>
        <translation>按此时间模拟(&amp;S)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>With the reply&apos;s &amp;placeholder (the whole file the request leaves)</source>
        <translation>包含回复的占位时间(&amp;P)（即请求结束后的完整文件）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Off: only the tracking step. On: also the %1 entry the responding node saves last, exactly the file the middleware leaves after the request.</source>
        <translation>关闭：只模拟记录时间这一步。开启：还包括响应节点最后保存的 %1 条目，与请求结束后中间件留下的文件完全一致。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Request time (&apos;now&apos; on the middleware&apos;s clock):</source>
        <translation>请求时间（中间件时钟上的“当前时间”）：</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File diff</source>
        <translation>文件差异</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Now:</source>
        <translation>当前：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>After this request (hollow marks become stored times):</source>
        <translation>本次请求之后（空心标记变为存储的时间）：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Timeline before / after</source>
        <translation>时间线前后对比</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Apply to the file (undoable)</source>
        <translation>应用到文件（可撤销）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Simulating …</source>
        <translation>正在模拟…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>(no change)</source>
        <translation>（无变化）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The discussion changed since this simulation: simulate again.</source>
        <translation>模拟之后对话已有变化，请重新模拟。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Apply backfill simulation</source>
        <translation>应用回填模拟</translation>
    </message>
</context>
<context>
    <name>SimulationModel</name>
    <message>
        <location filename="../../timeline_app/gui/simulation_model.py" line="+30"/>
        <source>Speaker</source>
        <translation>发言者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What happens</source>
        <translation>处理</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stored now</source>
        <translation>当前存储</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>After the request</source>
        <translation>请求之后</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Content</source>
        <translation>内容</translation>
    </message>
</context>
<context>
    <name>TimelineStatus</name>
    <message>
        <location filename="../../timeline_app/gui/timeline_model.py" line="+60"/>
        <source>tracked</source>
        <translation>已记录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>untracked</source>
        <translation>未记录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system</source>
        <translation>系统</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>generation-prompt</source>
        <translation>生成提示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>shared-hash</source>
        <translation>相同内容</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>out-of-order</source>
        <translation>时间倒序</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unparseable</source>
        <translation>无法解析</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not-text</source>
        <translation>非文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>one-second-run</source>
        <translation>逐秒序列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>echoed-prefix</source>
        <translation>回显前缀</translation>
    </message>
</context>
<context>
    <name>TimelineStrip</name>
    <message>
        <location filename="../../timeline_app/gui/strip.py" line="+45"/>
        <source>user</source>
        <translation>用户</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Timeline strip</source>
        <translation>时间条</translation>
    </message>
    <message>
        <location line="+164"/>
        <source>Open a timestamp file or a transcript</source>
        <translation>打开时间戳文件或聊天记录</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>pending reply</source>
        <translation>等待回复</translation>
    </message>
    <message>
        <location line="+106"/>
        <source>%1 × 1 s</source>
        <translation>%1 × 1 秒</translation>
    </message>
    <message>
        <location line="+97"/>
        <source>no stored time</source>
        <translation>没有存储的时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (untracked: the next request would store this)</source>
        <translation>%1（未记录：下次请求会存储这个时间）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>out of order: earlier than the message before it (the notch)</source>
        <translation>时间倒序：早于前一条消息（缺口标记）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its stored value is not a time (the underline)</source>
        <translation>存储的值不是时间（下划线标记）</translation>
    </message>
</context>
<context>
    <name>TimelineTableModel</name>
    <message>
        <location filename="../../timeline_app/gui/timeline_model.py" line="-23"/>
        <source>Speaker</source>
        <translation>发言者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gap</source>
        <translation>间隔</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hash</source>
        <translation>哈希</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <location line="+217"/>
        <source>entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>untracked: the next request would store this time</source>
        <translation>未记录：下次请求会存储这个时间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>flags: %1</source>
        <translation>标记：%1</translation>
    </message>
</context>
</TS>
