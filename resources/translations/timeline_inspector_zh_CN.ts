<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Actions</name>
    <message>
        <location filename="../../timeline_app/gui/menus/actions.py" line="+51"/>
        <source>Open &amp;transcript…</source>
        <translation>打开聊天记录(&amp;T)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open a chat transcript; its own timestamp file is found for it</source>
        <translation>打开聊天记录，并自动找到它对应的时间戳文件</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open timestamp &amp;file…</source>
        <translation>打开时间戳文件(&amp;F)…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Open transcript a&amp;nd timestamp file…</source>
        <translation>同时打开聊天记录和时间戳文件(&amp;N)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Choose both files of a pair yourself</source>
        <translation>自行选择配对的两个文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open &amp;DiscussionIds folder…</source>
        <translation>打开 DiscussionIds 文件夹(&amp;D)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open r&amp;ecordings folder…</source>
        <translation>打开录制文件夹(&amp;E)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Follow a recorder&apos;s --out folder live, and compare predicted with actual</source>
        <translation>实时跟踪录制器的 --out 文件夹，并比较预测的内容与实际收到的内容</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Save timestamp file &amp;as…</source>
        <translation>时间戳文件另存为(&amp;A)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Re&amp;vert unsaved changes</source>
        <translation>放弃未保存的更改(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re&amp;load</source>
        <translation>重新载入(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Close discussion</source>
        <translation>关闭对话(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Copy selected rows</source>
        <translation>复制所选行(&amp;C)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Copy preview as &amp;JSON</source>
        <translation>以 JSON 格式复制预览(&amp;J)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Filter…</source>
        <translation>筛选(&amp;F)…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Next shown row</source>
        <translation>下一条筛选结果(&amp;N)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The next row the filter shows</source>
        <translation>筛选结果中的下一行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pre&amp;vious shown row</source>
        <translation>上一条筛选结果(&amp;V)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Only &amp;user messages</source>
        <translation>仅用户消息(&amp;U)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show only user messages</source>
        <translation>只显示用户消息</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Only a&amp;ssistant messages</source>
        <translation>仅助手消息(&amp;S)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show only assistant messages</source>
        <translation>只显示助手消息</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Only &amp;other messages</source>
        <translation>仅其他消息(&amp;O)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show only system and other roles</source>
        <translation>只显示系统消息和其他角色的消息</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;1 Go to Discussions</source>
        <translation>转到对话列表(&amp;1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;2 Go to the table</source>
        <translation>转到表格(&amp;2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;3 Go to Details</source>
        <translation>转到详情(&amp;3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;4 Go to Preview</source>
        <translation>转到预览(&amp;4)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;5 Go to Repair</source>
        <translation>转到修复(&amp;5)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;6 Go to the strip</source>
        <translation>转到时间条(&amp;6)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;8 Go to Recordings</source>
        <translation>转到录制内容(&amp;8)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Zoom the timeline &amp;in</source>
        <translation>放大时间条(&amp;I)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom the strip in around the current message</source>
        <translation>以当前消息为中心放大时间条</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Zoom the timeline ou&amp;t</source>
        <translation>缩小时间条(&amp;T)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom the strip out around the current message</source>
        <translation>以当前消息为中心缩小时间条</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Show the &amp;whole timeline</source>
        <translation>显示整个时间条(&amp;W)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fit the whole history into the strip</source>
        <translation>把全部历史放进时间条</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>&amp;Live clock</source>
        <translation>实时时钟(&amp;L)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Relative times use this machine&apos;s clock</source>
        <translation>相对时间以本机时钟为准</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Pin &apos;now&apos;…</source>
        <translation>固定参照时间(&amp;P)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fix the reference time for relative times</source>
        <translation>固定相对时间所参照的时间点</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Simulate backfill…</source>
        <translation>模拟回填(&amp;S)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What the middleware&apos;s next request would write and send</source>
        <translation>查看中间件的下一次请求会写入和发送什么</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Repair…</source>
        <translation>修复(&amp;R)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Find stored times that no longer match their messages, and re-attach them</source>
        <translation>找出与消息不再对应的存储时间，并把它们重新关联到消息上</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Cancel the work under way</source>
        <translation>取消正在进行的工作(&amp;C)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop opening, searching or simulating (the status bar&apos;s Cancel)</source>
        <translation>停止打开、查找或模拟（即状态栏的“取消”）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>User &amp;guide</source>
        <translation>用户指南(&amp;G)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The three jobs step by step, on the demo discussion</source>
        <translation>用演示对话逐步讲解三项主要任务</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Legend of the timeline</source>
        <translation>时间条图例(&amp;L)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What the strip&apos;s marks and colours mean</source>
        <translation>时间条上各种标记和颜色的含义</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Timeline Inspector</source>
        <translation>关于 Timeline Inspector(&amp;A)</translation>
    </message>
    <message>
        <location line="-69"/>
        <source>Sort by the ne&amp;xt column</source>
        <translation>按下一列排序(&amp;X)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sort the table by the column after the current one</source>
        <translation>按当前排序列的下一列给表格排序</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Reverse the sort order</source>
        <translation>反转排序顺序(&amp;R)</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>&amp;7 Go to History</source>
        <translation>转到历史(&amp;7)</translation>
    </message>
    <message>
        <location line="-52"/>
        <source>&amp;Edit time…</source>
        <translation>编辑时间…(&amp;E)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Set, change or remove the stored time of the current message</source>
        <translation>设置、修改或移除当前消息存储的时间</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>Open a timestamps.json for the open transcript; with none open, the transcript next to it is paired when it matches</source>
        <translation>为打开的聊天记录打开一个 timestamps.json；未打开聊天记录时，与其旁边相符的聊天记录配对</translation>
    </message>
</context>
<context>
    <name>AfterReply</name>
    <message>
        <location filename="../../timeline_app/core/words.py" line="+755"/>
        <source>after the reply ({0}): {1}</source>
        <translation>回复之后（{0}）：{1}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>identical</source>
        <translation>完全一致</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>same entries, the file differs at byte {0} (key order)</source>
        <translation>条目相同，文件在第 {0} 字节处不同（键的顺序）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0:#entry differs|entries differ} (file text at byte {1})</source>
        <translation>{0} 个条目不同（文件文本第 {1} 字节处）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not checked: {0}</source>
        <translation>未检查：{0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no reply recorded (record --responses)</source>
        <translation>没有录制回复（录制时请加上 --responses）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no later request of this discussion to compare with</source>
        <translation>这个对话没有之后的请求可供比较</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the next request has no copy of the timestamp file</source>
        <translation>下一个请求没有时间戳文件的副本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0}…: predicted {1}, recorded {2}</source>
        <translation>{0}…：预测为 {1}，录制为 {2}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(no entry)</source>
        <translation>（无条目）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>default</source>
        <translation>默认模式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>group-chat</source>
        <translation>群聊即时提交</translation>
    </message>
</context>
<context>
    <name>Banner</name>
    <message>
        <location filename="../../timeline_app/gui/panels/status.py" line="+74"/>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>U&amp;se the root&apos;s file</source>
        <translation>改用根目录下的文件(&amp;S)</translation>
    </message>
    <message>
        <location line="+187"/>
        <source>These files may not belong together: %1</source>
        <translation>这两个文件可能不是配套的：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <location line="-194"/>
        <source>&amp;Use the file beside the chat</source>
        <translation>改用聊天记录旁的文件(&amp;U)</translation>
    </message>
    <message>
        <location line="+276"/>
        <source>The timestamp file beside the chat was opened: it matches the messages. The file for the discussion id under the DiscussionIds root, %1, matches fewer of them and was passed over.</source>
        <translation>已打开聊天记录旁的时间戳文件：它与消息相符。DiscussionIds 根目录下对应该对话 ID 的文件 %1 与之相符的消息更少，已略过。</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>The timestamp file for the discussion id under the DiscussionIds root is shown, as chosen. The file beside the chat, %1, matches more of the messages.</source>
        <translation>按您的选择，显示的是 DiscussionIds 根目录下该讨论 ID 的时间戳文件。聊天旁边的文件 %1 与更多消息相符。</translation>
    </message>
    <message>
        <location line="-226"/>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>Follow the moved folder</source>
        <translation>跟随移动后的文件夹</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open the new chat</source>
        <translation>打开新的聊天记录</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open with its own timestamp file</source>
        <translation>改用它自己的时间戳文件打开</translation>
    </message>
    <message>
        <location line="+183"/>
        <source>%1 The transcript&apos;s own discussion has a timestamp file: %2.</source>
        <translation>%1 该聊天记录所属的对话有它自己的时间戳文件：%2。</translation>
    </message>
</context>
<context>
    <name>Clock</name>
    <message>
        <location filename="../../timeline_app/gui/wording.py" line="+573"/>
        <source>%1, the zone named in Options</source>
        <translation>%1，即“选项”中指定的时区</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, read from the transcript&apos;s own times beside the stored ones</source>
        <translation>%1，由聊天记录中的时间与存储的时间对照得出</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, the offset the transcript&apos;s own times carry</source>
        <translation>%1，即聊天记录中的时间所带的时差</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, this machine&apos;s clock: the discussion&apos;s zone is unknown</source>
        <translation>%1，本机时钟：对话的时区未知</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1, this machine&apos;s clock: zone unknown</source>
        <comment>an offset, when nothing says the discussion&apos;s zone</comment>
        <translation>%1，本机时钟：时区未知</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>%1, this machine&apos;s clock: %2</source>
        <comment>an offset and this machine&apos;s zone name, when nothing says the discussion&apos;s zone</comment>
        <translation>%1，本机时钟：%2</translation>
    </message>
</context>
<context>
    <name>ComparisonModel</name>
    <message>
        <location filename="../../timeline_app/gui/panels/comparison.py" line="+53"/>
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
        <location line="+6"/>
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
        <location line="+40"/>
        <source>not received</source>
        <translation>未收到</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not predicted</source>
        <translation>未预测</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 (end)</source>
        <translation>%1（结束）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>character %1: %2 → %3</source>
        <translation>第 %1 个字符：%2 → %3</translation>
    </message>
    <message>
        <location line="-77"/>
        <source>Differs at</source>
        <translation>差异位置</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>character %1</source>
        <translation>第 %1 个字符</translation>
    </message>
</context>
<context>
    <name>ComparisonView</name>
    <message>
        <location line="-78"/>
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
        <translation>CST 前缀</translation>
    </message>
    <message>
        <location line="+180"/>
        <source>Predicted by the inspector</source>
        <translation>本工具预测的内容</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Received by the model</source>
        <translation>模型实际收到的内容</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>Pick a client request recorded on both legs.</source>
        <translation>请选择一个两条链路都录制到的客户端请求。</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>not compared: %1</source>
        <translation>未比较：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no model-leg request</source>
        <translation>没有模型链路的请求</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>identical</source>
        <translation>完全一致</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n messages differ</source>
        <translation>
            <numerusform>%n 条消息不同</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>%1 (%2, middleware now %3, %n model call(s) while it ran)</source>
        <translation>
            <numerusform>%1（%2，中间件当前时间 %3，期间有 %n 次模型调用）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
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
    <message>
        <location line="-399"/>
        <source>%1 is a carriage return (\r), %2 another control character; the line under the list quotes where the texts first differ</source>
        <translation>%1 表示回车符（\r），%2 表示其他控制字符；列表下方的一行引出两段文本首个不同之处</translation>
    </message>
    <message>
        <location line="+286"/>
        <source>First difference of %1 %2: %3</source>
        <translation>%1 %2 的首个差异：%3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 %2: %3</source>
        <comment>a message, its role, its status</comment>
        <translation>%1 %2：%3</translation>
    </message>
</context>
<context>
    <name>Consequence</name>
    <message>
        <location filename="../../timeline_app/core/words.py" line="-620"/>
        <source>#{0} gets the invented time {1:%Y-%m-%d %H:%M:%S}: not when it was written.</source>
        <translation>#{0} 将得到推算出的时间 {1:%Y-%m-%d %H:%M:%S}，并非它实际写下的时间。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>#{0}–#{1}: {2:,} messages get invented times one second apart, {3:%Y-%m-%d %H:%M:%S} to {4:%H:%M:%S}: not when they were written.</source>
        <translation>#{0}–#{1}：{2:,} 条消息将得到推算出的时间，逐秒相隔（{3:%Y-%m-%d %H:%M:%S} 至 {4:%H:%M:%S}），并非它们实际写下的时间。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Nothing changes: every message is tracked and no placeholder is pending.</source>
        <translation>不会有任何变化：所有消息都已记录时间，也没有占位时间。</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>The pending placeholder is removed without a reply to give its time to.</source>
        <translation>占位时间将被删除：没有可以接收它的回复。</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>The pending placeholder&apos;s time goes to the last assistant reply (#{0}).</source>
        <translation>占位时间将归给最后一条助手回复（#{0}）。</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>{0:#message repeats the content of a newer one and takes|messages repeat the content of a newer one and take} its time: the timeline goes backwards there.</source>
        <translation>有 {0} 条消息与后面较新的消息内容相同，会沿用那条消息的时间：时间线在这些位置会倒退。</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>The unreadable stored value {0!r} is copied to {1:#untracked message|untracked messages} before it (the backward pass cannot count down from it).</source>
        <translation>无法解析的存储值 {0!r} 会被复制给它之前的 {1} 条未记录消息（反向推算无法以它为起点往前推）。</translation>
    </message>
</context>
<context>
    <name>CountsBar</name>
    <message>
        <location filename="../../timeline_app/gui/panels/status.py" line="+380"/>
        <source>Reset options</source>
        <translation>恢复默认选项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to the middleware&apos;s defaults</source>
        <translation>恢复为中间件的默认设置</translation>
    </message>
    <message>
        <location line="+183"/>
        <source>%1 (file looks like %2)</source>
        <translation>%1（文件看起来是 %2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Non-default option: %1. Click to reset it.</source>
        <translation>非默认选项：%1。点击恢复默认。</translation>
    </message>
    <message>
        <location line="+106"/>
        <source>Nothing open. Drop a transcript or a timestamps.json here.</source>
        <translation>尚未打开任何文件。请把聊天记录或 timestamps.json 拖到这里。</translation>
    </message>
    <message numerus="yes">
        <location line="-28"/>
        <source>%n tracked</source>
        <translation>
            <numerusform>已记录 %n 条</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+36"/>
        <source>%n untracked</source>
        <translation>
            <numerusform>未记录 %n 条</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n orphans</source>
        <translation>
            <numerusform>孤立条目 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+19"/>
        <location line="+10"/>
        <source>%n stored time(s) after now</source>
        <translation>
            <numerusform>%n 个存储时间晚于参照时间</numerusform>
        </translation>
    </message>
    <message>
        <location line="-5"/>
        <source>discussion %1</source>
        <translation>对话 %1</translation>
    </message>
    <message numerus="yes">
        <location line="-58"/>
        <location line="+59"/>
        <source>%n entries</source>
        <translation>
            <numerusform>%n 个条目</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-55"/>
        <source>%n message(s) share one</source>
        <translation>
            <numerusform>其中 %n 条消息共用一个条目</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n message(s) share %1</source>
        <translation>
            <numerusform>其中 %n 条消息共用 %1 个条目</numerusform>
        </translation>
    </message>
    <message>
        <location line="+54"/>
        <source>no transcript open</source>
        <translation>未打开聊天记录</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>placeholder pending</source>
        <translation>有占位时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>new discussion (no timestamp file)</source>
        <translation>新对话（没有时间戳文件）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>new discussion (no file yet)</source>
        <translation>新对话（文件尚未创建）</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n unreadable line(s) skipped (%1)</source>
        <translation>
            <numerusform>跳过了 %n 行无法读取的内容（%1）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+94"/>
        <source>unsaved edits</source>
        <translation>有未保存的修改</translation>
    </message>
    <message>
        <location line="-164"/>
        <source>%1 in %2</source>
        <comment>tracked in entries</comment>
        <translation>%1，存于 %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 in %2 (%3)</source>
        <comment>tracked in entries (sharing)</comment>
        <translation>%1，存于 %2（%3）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message numerus="yes">
        <location line="+124"/>
        <source>%n stored time(s) not on disk</source>
        <translation>
            <numerusform>%n 个存储时间不在磁盘上</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n stored time(s) shown not on disk (Save offers to write them)</source>
        <translation>
            <numerusform>显示的 %n 个存储时间不在磁盘上（保存时可选择写入）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-31"/>
        <source>%n stored time(s) only in %1</source>
        <translation>
            <numerusform>%n 个存储时间仅在 %1 中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n stored time(s) shown not in the timestamp file but in %1 (Save offers to write them)</source>
        <translation>
            <numerusform>显示的 %n 个存储时间不在时间戳文件中，而在 %1 中（保存时可选择写入）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>%n stored time(s) not in the timestamp file (%2 of them in %1)</source>
        <translation>
            <numerusform>%n 个存储时间不在时间戳文件中（其中 %2 个在 %1 中）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-44"/>
        <source>%n stored time(s) in the moved folder %1</source>
        <translation>
            <numerusform>%n 个存储时间在移动后的文件夹 %1 中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n stored time(s) shown are on disk in the moved folder %1 (Follow the moved folder reads them there)</source>
        <translation>
            <numerusform>显示的 %n 个存储时间在磁盘上移动后的文件夹 %1 中（“跟随移动后的文件夹”会在那里读取它们）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%n stored time(s) not at the old place (%2 of them on disk in the moved folder %1)</source>
        <translation>
            <numerusform>%n 个存储时间不在原位置（其中 %2 个在磁盘上移动后的文件夹 %1 中）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-58"/>
        <source>%n orphan time(s) copied back to messages</source>
        <translation>
            <numerusform>%n 个孤立条目的时间已复制回消息</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-7"/>
        <source>%n message(s) with no time</source>
        <translation>
            <numerusform>%n 条消息无时间</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-1"/>
        <source>%n time(s) in the messages</source>
        <translation>
            <numerusform>%n 条消息自带时间</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+114"/>
        <source>%n stored time(s) differ on disk</source>
        <translation>
            <numerusform>%n 个存储时间与磁盘上的不同</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n stored time(s) shown differ from the file on disk (Save offers to write them)</source>
        <translation>
            <numerusform>显示的 %n 个存储时间与磁盘上的文件不同（保存时会提议写入）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Cut</name>
    <message>
        <location filename="../../timeline_app/core/words.py" line="+531"/>
        <source>the client went away</source>
        <translation>客户端已断开连接</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>the recorder stopped</source>
        <translation>录制器已停止</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>upstream timed out ({0})</source>
        <translation>上游超时（{0}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>upstream error: {0}</source>
        <translation>上游出错：{0}</translation>
    </message>
</context>
<context>
    <name>CutLists</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/wording.py" line="-400"/>
        <source>%1 +%n</source>
        <comment>a status cut after its first labels (%1): how many flags follow</comment>
        <translation>
            <numerusform>%1 另%n项</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <location filename="../../timeline_app/gui/panels/details.py" line="+121"/>
        <location line="+446"/>
        <source>Select a message to see it in full.</source>
        <translation>选择一条消息以查看全文。</translation>
    </message>
    <message>
        <location line="-401"/>
        <source>Hash</source>
        <translation>哈希</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Stored value</source>
        <translation>存储的值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stored time</source>
        <translation>存储的时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Own time</source>
        <translation>聊天记录中的时间</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>CST time</source>
        <translation>CST 时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Next request</source>
        <translation>下一次请求</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Source record</source>
        <translation>来源数据</translation>
    </message>
    <message>
        <location line="+318"/>
        <source>Orphans: open a transcript to find them</source>
        <translation>孤立条目：打开聊天记录后才能找出</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+24"/>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <location line="-20"/>
        <source>Noted while reading the files: %1</source>
        <translation>读取文件时的说明：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>No message selected</source>
        <translation>未选择消息</translation>
    </message>
    <message>
        <location filename="../../timeline_app/gui/tables/timeline.py" line="+178"/>
        <source>file entry</source>
        <translation>文件条目</translation>
    </message>
    <message>
        <location filename="../../timeline_app/gui/panels/details.py" line="+26"/>
        <source>(an empty message)</source>
        <translation>（空消息）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>(no entry)</source>
        <translation>（无条目）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 (local, zone unknown)</source>
        <translation>%1（本地时间，时区未知）</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>none: the middleware reads no time from a value that is not text; its absolute style crashes on this message, its relative style sends it without a time</source>
        <translation>无：中间件无法从不是文本的值中读出时间；其绝对时间样式遇到这条消息会崩溃，相对时间样式则不带时间发送它</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+143"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="-140"/>
        <source>(the transcript records none)</source>
        <translation>（聊天记录中没有）</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+17"/>
        <source>%1: %2</source>
        <comment>a name, then what it means or holds</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>(no transcript: nothing to simulate)</source>
        <translation>（没有聊天记录，无法模拟）</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>%1 is what the model gets: this time is %2 after the pinned Now (%3), and the middleware counts a time in the future as no time.</source>
        <translation>%1 是模型收到的内容：这个时间比固定的参照时间（%3）晚 %2，而中间件把未来的时间算作没有经过时间。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 is what the model gets: this time is %2 after Now (%3), and the middleware counts a time in the future as no time.</source>
        <translation>%1 是模型收到的内容：这个时间比参照时间（%3）晚 %2，而中间件把未来的时间算作没有经过时间。</translation>
    </message>
    <message>
        <location line="+129"/>
        <source>%1 (the middleware&apos;s clock: %2)</source>
        <translation>%1（中间件的时钟：%2）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 (not text)</source>
        <comment>a stored JSON value</comment>
        <translation>%1（不是文本）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (%2, not text)</source>
        <comment>a stored JSON value, its kind</comment>
        <translation>%1（%2，不是文本）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>none: Free Anima puts the time line on user messages only</source>
        <translation>无：Free Anima 只在用户消息前加时间行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>none sent: Free Anima puts the time line on user messages only (the Time column shows this message&apos;s time in that form: %1)</source>
        <translation>不发送：Free Anima 只在用户消息前加时间行（时间列按同样的格式显示这条消息的时间：%1）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>none: the transcript records no time for this message, so Free Anima sends it as it is</source>
        <translation>无：聊天记录中没有这条消息的时间，所以 Free Anima 原样发送</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: the transcript&apos;s own time, which Free Anima injects (not the timestamp file&apos;s): exact, no ≈; Absolute and Relative show the timestamp file&apos;s time</source>
        <translation>%1：取自聊天记录中的时间（Free Anima 注入的是它，而非时间戳文件中的时间），因此是确切时间，不带 ≈。绝对时间和相对时间样式显示的是时间戳文件中存储的时间。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>none: the transcript records no times of its own and this message&apos;s entry in the timestamp file is not a time the middleware can read (the table&apos;s ≈ time is an estimate)</source>
        <translation>无：聊天记录中没有时间，而这条消息在时间戳文件中的条目不是中间件能读取的时间（表格中带 ≈ 的时间只是估计）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>none yet: the transcript records no times of its own and the timestamp file has no entry for this message (the table&apos;s ≈ time is the one the next request would store)</source>
        <translation>暂无：聊天记录中没有时间，时间戳文件里也没有这条消息的条目（表格中带 ≈ 的时间是下一次请求将会存储的时间）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1, the timestamp file&apos;s time: the transcript records no times of its own, so its naive time is placed in the middleware&apos;s zone</source>
        <translation>%1：取自时间戳文件中存储的时间。聊天记录中没有时间，因此把文件中不带时区的时间放在中间件的时区里。</translation>
    </message>
    <message>
        <location line="-704"/>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <location line="+637"/>
        <source>(no recording or backups of the timestamp file)</source>
        <translation>（没有时间戳文件的录制内容或备份）</translation>
    </message>
    <message>
        <location line="-65"/>
        <source>Orphan entry: no message has this hash</source>
        <translation>孤立条目：没有消息具有这个哈希</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>One second from its neighbour, but no backfill&apos;s: the file&apos;s history shows it %1.</source>
        <translation>与相邻消息相隔一秒，但并非回填推算：文件历史显示，它%1。</translation>
    </message>
    <message>
        <location line="-563"/>
        <source>As relative</source>
        <translation>相对时间样式</translation>
    </message>
    <message>
        <location line="+515"/>
        <source>(none: no stored time)</source>
        <translation>（无：没有存储的时间）</translation>
    </message>
    <message>
        <location line="-512"/>
        <source>Gap</source>
        <translation>间隔</translation>
    </message>
    <message>
        <location line="+520"/>
        <source>(none: no earlier message has a time)</source>
        <translation>（无：之前没有带时间的消息）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 since #%2, the previous message with a time</source>
        <translation>%1，从上一条有时间的消息 #%2 算起</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 (#%2–#%3, %4 × 1 s)</source>
        <translation>%1（#%2–#%3，%4 × 1 秒）</translation>
    </message>
    <message numerus="yes">
        <location line="-220"/>
        <source>Orphans: %n unmatched time(s), middleware&apos;s clock</source>
        <translation>
            <numerusform>孤立条目：%n 个时间无对应消息（中间件的时钟）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+106"/>
        <location line="+155"/>
        <source>(no message: an entry holds only a hash and a time)</source>
        <translation>（无消息：条目只包含哈希和时间）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>An orphan: this time is stored under a hash no message of the transcript has (the message was edited or deleted, or the front end sends it otherwise).</source>
        <translation>孤立条目：此时间存储在一个聊天记录中没有任何消息具有的哈希下（该消息被编辑或删除，或前端以其他形式发送它）。</translation>
    </message>
</context>
<context>
    <name>DialogButtons</name>
    <message>
        <location filename="../../timeline_app/gui/widgets/keys.py" line="+193"/>
        <source>&amp;OK</source>
        <translation>确定(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Discard</source>
        <translation>丢弃(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Apply</source>
        <translation>应用(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Yes</source>
        <translation>是(&amp;Y)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;No</source>
        <translation>否(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Reset</source>
        <translation>重置(&amp;R)</translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message>
        <location filename="../../timeline_app/gui/dialogs/questions.py" line="+226"/>
        <source>Choose a chat</source>
        <translation>选择一段聊天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 holds several chats:</source>
        <translation>%1 中有多段聊天：</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>IANA zone (empty: %1; now in effect: %2):</source>
        <translation>IANA 时区（留空：%1；当前生效：%2）：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>IANA zone (empty: %1):</source>
        <translation>IANA 时区（留空：%1）：</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The timestamp file has unsaved changes. Save them first?</source>
        <translation>时间戳文件有未保存的更改。要先保存吗？</translation>
    </message>
</context>
<context>
    <name>DiscussionSession</name>
    <message>
        <location filename="../../timeline_app/gui/session.py" line="+875"/>
        <source>file opened %1</source>
        <translation>打开于 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file reloaded %1</source>
        <translation>重新读取于 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file reverted %1</source>
        <translation>还原于 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file decrypted %1</source>
        <translation>解密于 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file saved %1</source>
        <translation>保存于 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file saved (merged with changes made meanwhile) %1</source>
        <translation>保存于 %1（已合并期间的其他更改）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file saved as %1</source>
        <translation>另存于 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>file edited (unsaved) %1</source>
        <translation>修改于 %1（未保存）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>edits undone: as on disk again %1</source>
        <translation>编辑已撤销：与磁盘上的文件一致 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>edits redone: as on disk again %1</source>
        <translation>编辑已重做：与磁盘上的文件一致 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file re-simulated %1</source>
        <translation>重新模拟于 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file re-read with new options %1</source>
        <translation>按新选项重新读取于 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file changed on disk %1</source>
        <translation>磁盘上的文件更改于 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>file deleted on disk (shown as last read) %1</source>
        <translation>文件已在磁盘上删除（显示的是上次读取的内容）%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file moved on disk (shown as last read) %1</source>
        <translation>文件已在磁盘上移动（显示的是上次读取的内容）%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file replaced on disk (shown as last read) %1</source>
        <translation>文件已在磁盘上被替换（显示的是上次读取的内容）%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>file %1 %2</source>
        <comment>what was done to it, then when</comment>
        <translation>文件：%1 %2</translation>
    </message>
    <message>
        <location line="+358"/>
        <source>%1 is gone from disk; the window still shows it as last read. Save (or Save As) writes the stored times shown; Close or Open to leave them.</source>
        <translation>%1 已不在磁盘上；窗口仍显示上次读取的内容。保存（或另存为）会写入显示的存储时间；关闭或打开其他文件则放弃它们。</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>laying out the timeline</source>
        <translation>正在排布时间条</translation>
    </message>
    <message>
        <location line="+148"/>
        <source>Some unsaved edits no longer apply: %1</source>
        <translation>部分未保存的修改已无法应用：%1</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>Unsaved edits (kept across re-reading)</source>
        <translation>未保存的修改（重新读取后保留）</translation>
    </message>
    <message numerus="yes">
        <location line="+134"/>
        <source>%n of your unsaved edits no longer apply to the files as they are on disk now: %1. The window still shows the files as last read, with every edit; Save stops on the conflict, Reload asks before dropping any edit.</source>
        <translation>
            <numerusform>有 %n 处未保存的修改已不适用于磁盘上现在的文件：%1。窗口仍显示上次读取时的文件，并保留每处修改；保存会在冲突处停止，重新载入会在丢弃任何修改前先询问。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+88"/>
        <source>%1. Still showing the files as they were last read.</source>
        <translation>%1。仍显示上次读取时的文件内容。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1. Still showing %2.</source>
        <translation>%1。仍显示 %2。</translation>
    </message>
    <message>
        <location line="-188"/>
        <location line="+228"/>
        <source>Nothing to change.</source>
        <translation>没有需要更改的内容。</translation>
    </message>
    <message>
        <location line="+25"/>
        <location line="+1178"/>
        <source>re-joining with the edited file</source>
        <translation>正在与修改后的文件重新关联</translation>
    </message>
    <message>
        <location line="-665"/>
        <source>Nothing to save: %1 holds what is shown.</source>
        <translation>无需保存：%1 已包含窗口显示的内容。</translation>
    </message>
    <message>
        <location line="-267"/>
        <source>No timestamp file is paired with this transcript: use Save As to choose one.</source>
        <translation>这份聊天记录没有配对的时间戳文件：请用“另存为”选择一个。</translation>
    </message>
    <message>
        <location line="+159"/>
        <source>Cannot save %1: its folder %2 is on a file system mounted read-only. Nothing was written; use Save As to write it elsewhere.</source>
        <translation>无法保存 %1：其文件夹 %2 所在的文件系统以只读方式挂载。未写入任何内容；请用另存为写到别处。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Cannot save %1: it is on a file system mounted read-only (its permissions are not the cause). Nothing was written; use Save As to write elsewhere.</source>
        <translation>无法保存 %1：它所在的文件系统以只读方式挂载（并非文件权限所致）。未写入任何内容；请用另存为写到别处。</translation>
    </message>
    <message numerus="yes">
        <location line="+611"/>
        <source>Saved %1: your edits written over what the file held for %n of their messages; the file as it was is kept as %2.</source>
        <translation>
            <numerusform>已保存 %1：您的修改已覆盖文件中其中 %n 条消息原有的内容；文件原来的样子保留为 %2。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1248"/>
        <source>%1 is on a file system mounted read-only: Save will not write over it (nor can the middleware); use Save As to write elsewhere.</source>
        <translation>%1 所在的文件系统以只读方式挂载：保存不会覆盖它（中间件也无法写入）；请用另存为写到别处。</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>%1 The window shows the stored times that file holds. Save asks whether to write them under the old name too (where the middleware looks); Save As writes them elsewhere.</source>
        <translation>%1 窗口显示的存储时间都在该文件中。保存时会询问是否也以原来的名称写入（中间件读取的位置）；另存为会写到别处。</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>%1 was replaced on disk by another file: none of the entries read is in it.</source>
        <translation>%1 已在磁盘上被另一个文件替换：读取到的条目没有一个在其中。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 was emptied on disk: it holds no stored time.</source>
        <translation>%1 已在磁盘上被清空：其中没有任何存储的时间。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 was written on disk to something that cannot be read (half-written?).</source>
        <translation>%1 在磁盘上被写成了无法读取的内容（只写了一半？）。</translation>
    </message>
    <message>
        <location line="-2007"/>
        <source>Cannot save %1: its folder %2 is not writable (a save writes a new file there and renames it). Nothing was written; use Save As to write it elsewhere.</source>
        <translation>无法保存 %1：其文件夹 %2 不可写（保存会在那里写入新文件再重命名）。未写入任何内容；请用另存为写到别处。</translation>
    </message>
    <message>
        <location line="-693"/>
        <source>Reloaded %1: the files read again, your unsaved edits kept over them.</source>
        <translation>已于 %1 重新载入：文件已重新读取，你未保存的编辑保留在其上。</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>The stored time of #%1 changed on disk, from %2 to %3: the table shows the file&apos;s time now, your unsaved edits kept. The middleware changes a stored time only when a group-chat reply repeats that message&apos;s text; otherwise another program wrote it.</source>
        <translation>#%1 的存储时间在磁盘上已更改，从 %2 改为 %3：表格现在显示文件中的时间，你的未保存编辑保留。中间件只有在群聊回复与该消息文本相同时才会更改已存储的时间；否则是其他程序写入的。</translation>
    </message>
    <message>
        <location line="+643"/>
        <source>Nothing was written: %1 stays deleted.</source>
        <translation>未写入任何内容：%1 仍处于删除状态。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Nothing was written: the stored times stay in %1 alone.</source>
        <translation>未写入任何内容：存储的时间仍只在 %1 中。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Nothing was written: your edits are not in %1.</source>
        <translation>未写入任何内容：你的编辑不在 %1 中。</translation>
    </message>
    <message numerus="yes">
        <location line="+345"/>
        <source>Saved %1: written anew with the %n stored time(s) shown.</source>
        <translation>
            <numerusform>已保存 %1：以显示的 %n 个存储时间重新写入。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 The file that was there is kept as %2.</source>
        <translation>%1 原来在那里的文件已保留为 %2。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The reply&apos;s pending time %1 the window held was written as the time of message #%2, the reply it was reserved for.</source>
        <translation>窗口中回复的待定时间 %1 已写为消息 #%2 的时间，它本就是为这条回复预留的。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The reply&apos;s pending time %1 the window held was not written: no reply in the chat was left without a time to take it.</source>
        <translation>窗口中回复的待定时间 %1 没有写入：聊天中已没有缺少时间的回复可以接受它。</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>New timestamp file %1</source>
        <translation>新时间戳文件：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+58"/>
        <source>%1 changed on disk and %n of your changes no longer apply; nothing was written. %2</source>
        <translation>
            <numerusform>%1 在磁盘上已被更改，你的 %n 处修改已无法应用；未写入任何内容。%2</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved %1 (merged with changes made meanwhile)</source>
        <translation>已保存 %1（已合并期间的其他更改）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved %1; backup %2</source>
        <translation>已保存 %1；备份为 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved %1 (merged with changes made meanwhile); backup %2</source>
        <translation>已保存 %1（已合并期间的其他更改）；备份为 %2</translation>
    </message>
    <message>
        <location line="+246"/>
        <source>Not saved: %1 is the file of the discussion its folder now holds. Save the stored times shown elsewhere.</source>
        <translation>未保存：%1 是该文件夹现在所放讨论的文件。请把显示的存储时间保存到别处。</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Saved as %1</source>
        <translation>已另存为 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Saved as %1; the other discussion&apos;s file it replaced is kept as %2</source>
        <translation>已另存为 %1；被替换的另一个对话的文件保留为 %2</translation>
    </message>
    <message>
        <location line="+809"/>
        <source>%1 and %2 grew on disk (the middleware is running?).</source>
        <translation>%1 和 %2 在磁盘上变长了（中间件正在运行？）。</translation>
    </message>
    <message>
        <location line="+220"/>
        <source>%1 The window still shows the transcript as last read; the timestamp file saves as usual.</source>
        <translation>%1 窗口仍显示上次读取的聊天记录；时间戳文件照常保存。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 The window still shows the stored times it read. Reload shows the file now there instead; Save asks whether to write what is shown over it (that file kept as a backup); Save As writes it elsewhere.</source>
        <translation>%1 窗口仍显示读取到的存储的时间。重新载入会改为显示现在那里的文件；保存时会询问是否用显示的内容覆盖它（该文件保留为备份）；另存为会写到别处。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 The window still shows what was read. Save asks whether to write it all back; Save As writes it elsewhere.</source>
        <translation>%1 窗口仍显示读取到的内容。保存时会询问是否全部写回；另存为会写到别处。</translation>
    </message>
    <message>
        <location line="-2121"/>
        <location line="+48"/>
        <location line="+522"/>
        <source>%1. Nothing was written; Save As writes elsewhere.</source>
        <translation>%1。未写入任何内容；另存为可写到别处。</translation>
    </message>
    <message>
        <location line="-478"/>
        <location line="+71"/>
        <location line="+179"/>
        <location line="+697"/>
        <source>Nothing was written: %1 stays as it is on disk.</source>
        <translation>未写入任何内容：%1 保持磁盘上的现状。</translation>
    </message>
    <message>
        <location line="+1153"/>
        <source>%1 was created on disk.</source>
        <translation>%1 已在磁盘上创建。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 grew on disk (the middleware is running?).</source>
        <translation>%1 在磁盘上变长了（中间件正在运行？）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 was rewritten on disk.</source>
        <translation>%1 已在磁盘上被重写。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 was replaced on disk by a new file of that name.</source>
        <translation>%1 在磁盘上被同名的新文件替换。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 was moved on disk, to %2.</source>
        <translation>%1 已在磁盘上移动到 %2。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 was deleted on disk.</source>
        <translation>%1 已在磁盘上删除。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The permissions of %1 changed on disk.</source>
        <translation>%1 在磁盘上的权限已更改。</translation>
    </message>
    <message>
        <location filename="../../timeline_app/gui/dialogs/simulate.py" line="+278"/>
        <location filename="../../timeline_app/gui/session.py" line="-992"/>
        <source>simulating the next request</source>
        <translation>正在模拟下一次请求</translation>
    </message>
    <message>
        <location filename="../../timeline_app/gui/session.py" line="-995"/>
        <source>Cannot save %1: the file is read-only (its permissions allow no writing). Nothing was written; make it writable, or use Save As to write elsewhere.</source>
        <translation>无法保存 %1：该文件是只读的（其权限不允许写入）。未写入任何内容；请将其设为可写，或用另存为写到别处。</translation>
    </message>
    <message>
        <location line="+1861"/>
        <source>%1 is read-only: Save will not write over it (nor can the middleware); make it writable, or use Save As to write elsewhere.</source>
        <translation>%1 是只读的：保存不会覆盖它（中间件也无法写入）；请将其设为可写，或用另存为写到别处。</translation>
    </message>
    <message numerus="yes">
        <location line="-1492"/>
        <source>Saved %1: written anew with the stored times shown, and %n entries the new file holds for other messages.</source>
        <translation>
            <numerusform>已保存 %1：重新写入了显示的存储时间，以及新文件中其他消息的 %n 个条目。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1510"/>
        <source>%1 The window still shows the stored times it held, unsaved. Save asks whether to write them, with the entries the new file adds for other messages (that file kept as a backup); Reload asks before showing the new file instead.</source>
        <translation>%1 窗口仍显示它持有的存储时间（未保存）。保存时会询问是否写入这些时间，并附上新文件为其他消息添加的条目（该文件保留为备份）；重新加载会先询问，然后才改为显示新文件。</translation>
    </message>
    <message>
        <location line="+177"/>
        <source>The timestamp file %1 was made anew on disk.</source>
        <translation>磁盘上的时间戳文件 %1 已被重新创建。</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>%n of the times shown differ from it.</source>
        <translation>
            <numerusform>显示的时间中有 %n 个与它不同。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n of the times shown are not in it.</source>
        <translation>
            <numerusform>显示的时间中有 %n 个不在其中。</numerusform>
        </translation>
    </message>
    <message>
        <location line="-357"/>
        <source>%1 is not read again while the timestamp file is held apart: the table still shows it as last read, until Save or Reload.</source>
        <translation>时间戳文件被搁置期间不会重新读取 %1：在保存或重新加载之前，表格仍显示上次读取的内容。</translation>
    </message>
    <message>
        <location line="+128"/>
        <source>%1 is on disk again, with every stored time read and entries added since.</source>
        <translation>%1 已重新出现在磁盘上：读取过的存储的时间都在，此后还新增了条目。</translation>
    </message>
    <message>
        <location line="+220"/>
        <source>%1 was rewritten on disk, but not as the middleware writes it (stored times removed, or more than one changed).</source>
        <translation>%1 在磁盘上被重写了，但不是中间件的写法（删除了存储的时间，或改动了不止一个）。</translation>
    </message>
    <message>
        <location line="-2027"/>
        <source>Cannot make the folder %1 again (%2). Nothing was written; use Save As.</source>
        <translation>无法重新建立文件夹 %1（%2）。没有写入任何内容；请使用另存为。</translation>
    </message>
    <message>
        <location line="+357"/>
        <source>The reply&apos;s placeholder that file held (the time reserved for a reply being generated) was not written: the window&apos;s own placeholder was.</source>
        <translation>那个文件中回复的占位时间（为正在生成的回复预留的时间）没有写入：写入的是窗口自己的占位时间。</translation>
    </message>
    <message>
        <location line="+1563"/>
        <source>%1 is gone from disk: its folder %2 was moved or deleted.</source>
        <translation>%1 已从磁盘上消失：它所在的文件夹 %2 被移走或删除了。</translation>
    </message>
    <message>
        <location line="-2084"/>
        <source>Not saved: the folder of %1 now holds another discussion (the transcript beside it and %1 were both replaced by another chat&apos;s). Nothing was written; use Save As to keep the stored times shown.</source>
        <translation>未保存：%1 所在的文件夹里现在是另一个讨论（它旁边的聊天记录和 %1 都被另一个聊天的文件替换了）。没有写入任何内容；请用另存为保留所显示的存储时间。</translation>
    </message>
    <message>
        <location line="+1808"/>
        <source>The folder %1 now holds another discussion: %2 and %3 were both replaced by another chat&apos;s files.</source>
        <translation>文件夹 %1 里现在是另一个讨论：%2 和 %3 都被另一个聊天的文件替换了。</translation>
    </message>
    <message>
        <location line="+209"/>
        <source>%1 The window still shows the discussion it read, unsaved. Save writes nothing into that folder; Save As writes the stored times shown elsewhere; Reload shows the folder&apos;s discussion instead.</source>
        <translation>%1 窗口仍显示它读取的讨论，标为未保存。保存不会往那个文件夹写入任何内容；另存为会把所显示的存储时间写到别处；重新加载则改为显示文件夹里的那个讨论。</translation>
    </message>
    <message>
        <location line="+152"/>
        <source>%1 was replaced on disk by another chat: most of the messages read are not in it.</source>
        <translation>%1 在磁盘上被另一个聊天替换：读取过的消息大多不在其中。</translation>
    </message>
    <message>
        <location line="-2332"/>
        <source>Finishing the save under way…</source>
        <translation>正在完成进行中的保存…</translation>
    </message>
    <message>
        <location line="-721"/>
        <source>Not reloaded: %1 on disk is another chat, and your unsaved edits are of the chat shown. They stay shown; Save As keeps them.</source>
        <translation>未重新读取：磁盘上的 %1 是另一个聊天，而您未保存的修改属于当前显示的聊天。它们仍然显示；用另存为可以保留它们。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Reloaded: the window shows %1 as it is on disk now, another chat than the one read.</source>
        <translation>已重新读取：窗口显示磁盘上现在的 %1，它与之前读取的不是同一个聊天。</translation>
    </message>
    <message>
        <location line="+2946"/>
        <source>%1 and %2 are gone from disk: their folder %3 was moved, to %4.</source>
        <translation>%1 和 %2 已从磁盘上消失：它们所在的文件夹 %3 被移到了 %4。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 is gone from disk: its folder %2 was moved, to %3.</source>
        <translation>%1 已从磁盘上消失：它所在的文件夹 %2 被移到了 %3。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 and %2 are gone from disk: their folder %3 was moved or deleted.</source>
        <translation>%1 和 %2 已从磁盘上消失：它们所在的文件夹 %3 被移走或删除了。</translation>
    </message>
    <message>
        <location line="-1145"/>
        <source>Not saved: %1 lies beside another chat now. Save asks before writing there; Save As writes the stored times shown elsewhere.</source>
        <translation>未保存：%1 旁边现在是另一个聊天。保存会先询问再写入那里；另存为会把显示的存储时间写到别处。</translation>
    </message>
    <message>
        <location line="-1475"/>
        <source>no entry</source>
        <translation>无此条目</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>#%1: yours %2, the file&apos;s %3</source>
        <translation>#%1：你的 %2，文件中的 %3</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%n of your edits conflict with what the file holds now:</source>
        <translation>
            <numerusform>你的编辑中有 %n 项与文件当前内容冲突：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>… and %n more</source>
        <translation>
            <numerusform>……另有 %n 项</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+34"/>
        <source>%n stored times changed on disk (the first, #%1, from %2 to %3): the table shows the file&apos;s times now, your unsaved edits kept.</source>
        <translation>
            <numerusform>磁盘上有 %n 个存储时间已更改（第一个是 #%1，从 %2 改为 %3）：表格现在显示文件中的时间，你的未保存编辑保留。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1236"/>
        <source>Saved %1: the file&apos;s own times kept for %n message(s) it had written meanwhile, your other edits written; the file as it was is kept as %2.</source>
        <translation>
            <numerusform>已保存 %1：保留了文件在此期间为 %n 条消息写入的时间，并写入了你的其他编辑；原文件保留为 %2。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1432"/>
        <source>discussion id %1</source>
        <translation>对话 ID %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no discussion id</source>
        <translation>没有对话 ID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The chat read has %1; the chat on disk now has %2.</source>
        <translation>读取的聊天：%1；磁盘上现在的聊天：%2。</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>Now is live again: the pinned %1 was for %2.</source>
        <translation>“现在”已恢复为实时时钟：固定的 %1 属于 %2。</translation>
    </message>
    <message>
        <location line="-280"/>
        <source>%1 and %2 are back on disk as read.</source>
        <translation>%1 和 %2 已回到磁盘上，内容与读取时相同。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 is back on disk as read.</source>
        <translation>%1 已回到磁盘上，内容与读取时相同。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 is on disk again, with every message read and messages added since.</source>
        <translation>%1 已重新出现在磁盘上，保留了读取的全部消息，并有新增的消息。</translation>
    </message>
    <message>
        <location line="+145"/>
        <source>%1 was written again on disk, as read.</source>
        <translation>%1 在磁盘上被重新写入，内容与读取时相同。</translation>
    </message>
    <message>
        <location line="-2137"/>
        <source>Not saved: %1 lies in the recording %2, which is evidence of what went over the wire; it is never written. Use Save As to keep the stored times shown outside the recording.</source>
        <translation>未保存：%1 位于录制内容 %2 中，它是实际传输内容的证据，从不写入。请用“另存为”把显示的存储时间保存到录制内容之外。</translation>
    </message>
    <message>
        <location line="+1931"/>
        <source>The window still shows the files as last read, with your unsaved edits; saving re-applies them to the file as it is now and asks if one of them conflicts.</source>
        <translation>窗口仍显示上次读取时的文件，未保存的编辑仍保留；保存时会把修改重新应用到文件现在的内容上，若其中有冲突会先询问您。</translation>
    </message>
    <message>
        <location line="-3096"/>
        <source>file written %1, being read back</source>
        <translation>文件已于 %1 写入，正在读回</translation>
    </message>
    <message>
        <location line="+2022"/>
        <source>Written to %1; reading it back to show what it holds now…</source>
        <translation>已写入 %1；正在读回，以显示它现在的内容…</translation>
    </message>
    <message>
        <location line="-1756"/>
        <source>Reloaded: %1 on disk is another discussion&apos;s chat; the window shows the folder&apos;s discussion, %1 with %2. The stored times you saved are in %3.</source>
        <translation>已重新加载：磁盘上的 %1 是另一个讨论的聊天；窗口显示该文件夹中的讨论，即 %1 与 %2。您保存的存储时间在 %3 中。</translation>
    </message>
    <message>
        <location line="+610"/>
        <source>Edit time</source>
        <translation>编辑时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Remove stored time</source>
        <translation>移除存储的时间</translation>
    </message>
    <message>
        <location line="+913"/>
        <source>Nothing was written to %1.</source>
        <translation>未写入 %1。</translation>
    </message>
    <message numerus="yes">
        <location line="+161"/>
        <source>Nothing written to %1: the file&apos;s own times kept for %n message(s) it had written meanwhile; nothing else to write.</source>
        <translation>
            <numerusform>未写入 %1：已为该文件其间写入的 %n 条消息保留文件自己的时间；没有其他要写入的内容。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1337"/>
        <source>A new request was recorded in %1: request %3 of %3. The window stays on request %2, the one opened; the Recordings panel (Alt+8) opens the new one.</source>
        <translation>%1 中记录了一个新请求：第 %3 个（共 %3 个）。窗口仍停在打开的第 %2 个请求上；录制面板（Alt+8）可打开新请求。</translation>
    </message>
    <message>
        <location line="-2305"/>
        <source>A save is under way; this one follows it.</source>
        <translation>有一次保存正在进行；这次保存将在它之后进行。</translation>
    </message>
    <message numerus="yes">
        <location line="-262"/>
        <source>%n of your unsaved edits no longer apply to %3 as it is on disk now: %1. The window shows %2 as it is on disk, but %3 as last read, before it changed (any message only it has a time for shows as untracked), with every edit; Save stops on the conflict, Reload asks before dropping any edit.</source>
        <translation>
            <numerusform>有 %n 处未保存的修改已不适用于磁盘上现在的 %3：%1。窗口显示磁盘上现在的 %2，但 %3 仍是上次读取时、改变之前的内容（只有它有时间的消息显示为未记录），并保留每处修改；保存会在冲突处停止，重新载入会在丢弃任何修改前先询问。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2367"/>
        <source>The window shows %1 as it is on disk, but %2 as last read, before this change: the times it holds now are not shown (any message only it has a time for shows as untracked). Your unsaved edits stay; saving re-applies them to the file as it is now and asks if one of them conflicts.</source>
        <translation>窗口显示磁盘上现在的 %1，但 %2 仍是上次读取时、这次改变之前的内容：它现在包含的时间未显示（只有它有时间的消息显示为未记录）。未保存的编辑仍保留；保存时会把修改重新应用到文件现在的内容上，若其中有冲突会先询问您。</translation>
    </message>
    <message>
        <location line="-1788"/>
        <source>Cannot save %1: its folder %2 does not exist (a new discussion&apos;s folder is made only in a writable DiscussionIds folder). Nothing was written; use Save As to write it elsewhere.</source>
        <translation>无法保存 %1：其文件夹 %2 不存在（新讨论的文件夹只会在可写的 DiscussionIds 文件夹中创建）。未写入任何内容；请用另存为写到别处。</translation>
    </message>
    <message>
        <location line="+415"/>
        <source>The reply&apos;s placeholder that file held (the time reserved for a reply being generated) was not written: it is older than a time stored since, and the window shows none newer.</source>
        <translation>那个文件中回复的占位时间（为正在生成的回复预留的时间）没有写入：它早于此后存储的某个时间，而窗口中也没有更新的占位时间。</translation>
    </message>
    <message>
        <location line="-1706"/>
        <source>files read in their moved folder %1</source>
        <translation>已在移动后的文件夹中读取文件 %1</translation>
    </message>
    <message>
        <location line="+359"/>
        <source>%1 is gone from disk: nothing was reverted, and your unsaved edits stay shown over the stored times last read (reading the pair again would show no stored time). Save (or Save As) writes the stored times shown; Close or Open to leave them.</source>
        <translation>%1 已不在磁盘上：未还原任何内容，你未保存的编辑仍显示在上次读取的存储时间之上（重新读取这对文件将显示不出任何存储时间）。保存（或另存为）会写入显示的存储时间；关闭或打开其他文件则放弃它们。</translation>
    </message>
    <message>
        <location line="+2120"/>
        <source>%1 and %2</source>
        <comment>two file names</comment>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 changed in the moved folder %2 since it was read (the middleware writes there?); the window does not show that yet.</source>
        <translation>%1 在读取后于移动后的文件夹 %2 中发生了变化（中间件在那里写入？）；窗口尚未显示这些变化。</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>The window follows the discussion into its moved folder %1: its files are read there, your unsaved edits kept on them.</source>
        <translation>窗口跟随讨论进入其移动后的文件夹 %1：在那里读取其文件，你未保存的编辑保留在其上。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The window follows the discussion into its moved folder %1: its files are read there.</source>
        <translation>窗口跟随讨论进入其移动后的文件夹 %1：在那里读取其文件。</translation>
    </message>
    <message>
        <location line="+670"/>
        <source>%1 The window still shows what was read; its stored times are on disk in the moved folder. Follow the moved folder reads the files there, your unsaved edits kept; Save offers to save into it.</source>
        <translation>%1 窗口仍显示读取到的内容；其存储时间在磁盘上移动后的文件夹中。“跟随移动后的文件夹”会在那里读取文件，并保留你未保存的编辑；保存时会提供保存到该文件夹的选项。</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>%1 The window still shows the chat it read, with your unsaved edits. Save asks before writing them beside another chat (its default: Save As); Reload asks about the edits, then shows the chat on disk.</source>
        <translation>%1 窗口仍显示之前读取的聊天以及您未保存的修改。保存会先询问，再把它们写到另一个聊天旁边（默认为另存为）；重新读取会先询问如何处理这些修改，再显示磁盘上的聊天。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 The window still shows the chat it read, now at %2; Reload shows the other chat instead.</source>
        <translation>%1 窗口仍显示它读取的聊天，该聊天现在位于 %2；重新加载则改为显示另一个聊天。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 The window still shows the chat it read; Reload shows the other chat instead.</source>
        <translation>%1 窗口仍显示它读取的聊天；重新加载则改为显示另一个聊天。</translation>
    </message>
    <message>
        <location line="-2223"/>
        <source>Nothing to save: no discussion is open.</source>
        <translation>无需保存：没有打开的讨论。</translation>
    </message>
    <message>
        <location line="+266"/>
        <source>Nothing to save: no timestamp file is paired and nothing is edited (Save As writes one).</source>
        <translation>无需保存：没有配对的时间戳文件，也没有任何修改（“另存为”可写出一个）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Nothing to save: %1 does not exist yet, and no stored time is set to write into it.</source>
        <translation>无需保存：%1 尚不存在，也没有可写入其中的存储时间。</translation>
    </message>
    <message>
        <location line="+1183"/>
        <source>The window follows the chat read there: the same chat, its rows and edits kept.</source>
        <translation>窗口跟随读取的聊天记录到那里：仍是同一聊天，行和编辑都保留。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>A new file %1 was made where the chat read was; it is not the chat read, which is now %2. The window stays with the chat read; Open the new chat shows the new file instead.</source>
        <translation>在读取的聊天记录原来的位置新建了文件 %1；它不是读取的聊天记录（后者现在是 %2）。窗口仍显示读取的聊天记录；“打开新的聊天记录”会改为显示这个新文件。</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Worked out against %1, which may not be this chat&apos;s file (see the banner):</source>
        <translation>以下按 %1 推算，而它可能不是这个聊天记录的文件（见横幅）：</translation>
    </message>
    <message>
        <location line="-523"/>
        <source>%1. Nothing was written.</source>
        <translation>%1。未写入任何内容。</translation>
    </message>
</context>
<context>
    <name>DiscussionsPanel</name>
    <message>
        <location filename="../../timeline_app/gui/panels/discussions.py" line="+57"/>
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
        <location line="+16"/>
        <source>reading %1</source>
        <translation>正在读取 %1</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Open a DiscussionIds folder (Ctrl+Shift+O).</source>
        <translation>请打开一个 DiscussionIds 文件夹（Ctrl+Shift+O）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Resca&amp;n</source>
        <translation>重新扫描(&amp;N)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read the folder again (new and changed discussions)</source>
        <translation>重新读取文件夹（显示新增和有改动的对话）</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>%1: %2</source>
        <comment>a discussion&apos;s name and its state</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Reading %1 …</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show in &amp;file manager</source>
        <translation>在文件管理器中显示(&amp;F)</translation>
    </message>
    <message>
        <location line="-121"/>
        <source>&amp;Copy path</source>
        <translation>复制路径(&amp;C)</translation>
    </message>
    <message>
        <location line="+211"/>
        <source>user %1 (your API key)</source>
        <translation>用户 %1（你的 API 密钥）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>user %1</source>
        <translation>用户 %1</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>encrypted</source>
        <translation>已加密</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>reply pending</source>
        <translation>有占位时间</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>legacy flat file</source>
        <translation>旧版平铺文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>legacy root</source>
        <translation>旧版根目录</translation>
    </message>
    <message numerus="yes">
        <location line="-22"/>
        <source>%n discussion(s) in %1</source>
        <translation>
            <numerusform>%1 中有 %n 个对话</numerusform>
        </translation>
    </message>
    <message>
        <location line="+90"/>
        <source>broken</source>
        <translation>已损坏</translation>
    </message>
    <message>
        <location line="-247"/>
        <source>%1 %2</source>
        <comment>a column&apos;s header and its value</comment>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>DockTabTitles</name>
    <message>
        <location filename="../../timeline_app/gui/window/dock_tabs.py" line="+31"/>
        <source>Details</source>
        <comment>the Details and preview dock&apos;s tab, short</comment>
        <translation>详情</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Discussions</source>
        <comment>the Discussions dock&apos;s tab, short</comment>
        <translation>对话</translation>
    </message>
</context>
<context>
    <name>Doubt</name>
    <message>
        <location filename="../../timeline_app/core/words.py" line="-419"/>
        <source>{0:,} of {1:,} entries of {2} match no message: is this the transcript&apos;s own file, and do the options match the middleware&apos;s?</source>
        <translation>{2} 的 {1:,} 个条目中有 {0:,} 个没有对应的消息。这是该聊天记录自己的时间戳文件吗？选项与中间件的设置一致吗？</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{0:,} of {1:,} entries of the file match no message: is this the transcript&apos;s own file, and do the options match the middleware&apos;s?</source>
        <translation>文件的 {1:,} 个条目中有 {0:,} 个没有对应的消息。这是该聊天记录自己的时间戳文件吗？选项与中间件的设置一致吗？</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>the transcript&apos;s discussion id is {0!r} but {1} belongs to {2!r}</source>
        <translation>聊天记录的对话 ID 是 {0!r}，但 {1} 属于 {2!r}</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>{0} was found by the discussion id under the DiscussionIds root, but the transcript&apos;s folder holds another timestamp file, {1}</source>
        <translation>{0} 是按对话 ID 在 DiscussionIds 根目录下找到的，但聊天记录所在的文件夹里还有另一个时间戳文件：{1}</translation>
    </message>
</context>
<context>
    <name>Explanations</name>
    <message>
        <location filename="../../timeline_app/gui/wording.py" line="+9"/>
        <source>The file has a time for this exact content.</source>
        <translation>时间戳文件中有这段内容对应的时间。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>System messages are never timestamped.</source>
        <translation>系统消息从不记录时间。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A trailing &apos;Name:&apos; prompt (under 100 characters, ending in &apos;:&apos;) is never timestamped.</source>
        <translation>末尾的生成提示“名字:”（不足 100 个字符且以“:”结尾）从不记录时间。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>An entry of the timestamp file; open the transcript to see which message it belongs to.</source>
        <translation>时间戳文件中的一个条目；打开聊天记录才能看到它属于哪条消息。</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>Another message has exactly the same content, so both share one stored time; the timeline can go backwards here.</source>
        <translation>另一条消息的内容与它完全相同，两者共用同一个存储的时间；时间线在这里可能倒退。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Its stored time is earlier than a previous message&apos;s.</source>
        <translation>它存储的时间早于前面某条消息的时间。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The stored value is not a time the middleware can read; it is sent as is in the absolute style, dropped in the relative style, and copied to every untracked message before it.</source>
        <translation>存储的值不是中间件能解析的时间：在绝对时间样式中会原样发送，在相对时间样式中会被丢弃，还会被复制给它之前的每条未记录消息。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The stored value is not text: the middleware crashes on it in the absolute style.</source>
        <translation>存储的值不是文本：在绝对时间样式下，中间件遇到它会崩溃。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The content starts with a timestamp prefix the model echoed; if the echo is later cleaned from the chat, this message loses its time.</source>
        <translation>内容开头是模型回显的时间戳前缀；如果之后从聊天中清除这段回显，这条消息就会失去它的时间。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Its stored time is later than &apos;now&apos; on the middleware&apos;s clock: the clock was wrong when it was stored, or the file was written elsewhere; the relative style says it was sent less than a minute ago.</source>
        <translation>存储的时间晚于中间件时钟上的“参照时间”：存储时时钟有误，或者文件是在别处写入的；相对时间样式会说它是“不到一分钟前”发送的。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>keeps its stored time</source>
        <translation>保留存储的时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>takes the time of a newer message with the same content</source>
        <translation>沿用内容相同的较新消息的时间</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>gets the pending placeholder&apos;s time (the reply&apos;s generation start)</source>
        <translation>得到占位时间（即回复开始生成的时间）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>is not timestamped</source>
        <translation>不记录时间</translation>
    </message>
    <message>
        <location line="-134"/>
        <source>No entry matches this content: the next request gives it a time (see Next request).</source>
        <translation>没有与这段内容匹配的条目：下一次请求会给它一个时间（见“下一次请求”）。</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>Part of a run of messages exactly one second apart (a system message between does not break it: a backfill skips those): most likely times a backfill of untracked history invented, not when the messages were written; the run&apos;s newest message may hold a real time, the one the backfill counted back from (the file&apos;s history tells, where it was recorded).</source>
        <translation>属于一串恰好相隔一秒的消息（中间夹着的系统消息不会打断它：回填会跳过系统消息）：这些时间很可能是回填未记录的历史时推算出的，并非消息实际写下的时间；这一串中最新的那条消息可能保留着真实的时间，也就是回填往前倒推的起点（如果录制了文件历史，可以从中确认）。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>gets a new time from the backward pass (one second before the next known message, or &apos;now&apos;)</source>
        <translation>由反向推算得到新的时间（比下一条已知消息早一秒，或者取“当前时间”）</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>The CST style shows the transcript&apos;s own time instead, which this flag does not judge: the Time and Gap columns and the strip follow the times shown.</source>
        <translation>CST 前缀样式显示的是聊天记录自带的时间，此标记并不依据它判断：时间、间隔两列和时间条都按显示的时间排列。</translation>
    </message>
    <message>
        <location line="-86"/>
        <source>%1 has a time for this exact content: the timestamp file read, moved there on disk.</source>
        <translation>%1 中有这段内容对应的时间：即读取的时间戳文件，已在磁盘上移动到那里。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Your unsaved edit gives this exact content its time: only the window holds it until Save.</source>
        <translation>这段内容的时间来自您未保存的编辑：在保存之前只有窗口持有它。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The window holds a time for this exact content that %1 on disk does not hold (Save offers to write it).</source>
        <translation>窗口持有这段内容对应的时间，但磁盘上的 %1 中没有（保存时可选择写入）。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>This time is on disk in %1, the timestamp file read, moved there.</source>
        <translation>此时间在磁盘上的 %1 中，即读取的时间戳文件，已移动到那里。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Your unsaved edit set this time: only the window holds it until Save.</source>
        <translation>此时间由您未保存的编辑设置：在保存之前只有窗口持有它。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 on disk does not hold this time: only the window does (Save offers to write it).</source>
        <translation>磁盘上的 %1 中没有此时间：只有窗口持有它（保存时可选择写入）。</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>Time in message: the CST style shows the time this message records itself (Own time), not a stored one.</source>
        <translation>消息自带时间：CST 样式显示这条消息自己记录的时间（聊天记录中的时间），不是存储的时间。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No time in message: this message records no time of its own, so the CST style shows none for it: its CST prefix has no time line.</source>
        <translation>消息无时间：这条消息没有记录自己的时间，所以 CST 样式不为它显示时间：它的 CST 前缀没有时间行。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1 on disk, made anew, has another time for this exact content: only the window holds the one shown (Save offers to write it).</source>
        <translation>磁盘上重新生成的 %1 为这段完全相同的内容记录了另一个时间：显示的这个时间只有窗口持有（保存时会提议写入）。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 on disk, made anew, has another time for this: only the window holds this one (Save offers to write it).</source>
        <translation>磁盘上重新生成的 %1 为此记录了另一个时间：这个时间只有窗口持有（保存时会提议写入）。</translation>
    </message>
</context>
<context>
    <name>FileWrites</name>
    <message>
        <location line="+197"/>
        <source>; </source>
        <comment>between two changes that no longer apply</comment>
        <translation>；</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%1 … and %n more</source>
        <translation>
            <numerusform>%1……另有 %n 项</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <location filename="../../timeline_app/gui/panels/filter_bar.py" line="+35"/>
        <source>All messages</source>
        <translation>全部消息</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Untracked</source>
        <translation>未记录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tracked</source>
        <translation>已记录</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System / prompts</source>
        <translation>系统 / 生成提示</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Filter text or hash… (Ctrl+F; F3 next)</source>
        <translation>按文本或哈希筛选…（Ctrl+F；F3 下一条）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Filter</source>
        <translation>筛选</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+45"/>
        <source>Flag: %1</source>
        <translation>标记：%1</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>Show only %1 messages (several: any of them)</source>
        <translation>只显示%1消息（可多选：显示其中任一角色）</translation>
    </message>
    <message>
        <location line="+93"/>
        <source>%1 of %2 shown</source>
        <translation>显示 %1 / %2 行</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n rows</source>
        <translation>
            <numerusform>%n 行</numerusform>
        </translation>
    </message>
    <message>
        <location line="-120"/>
        <source>Filter… (Ctrl+F)</source>
        <translation>筛选…（Ctrl+F）</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Filter box: clear the filter (again: back to the table)</source>
        <translation>筛选框：清除筛选（再按一次：回到表格）</translation>
    </message>
</context>
<context>
    <name>GapUnits</name>
    <message>
        <location filename="../../timeline_app/gui/wording.py" line="-367"/>
        <source>d</source>
        <comment>days, as in 3 d 4 h</comment>
        <translation>天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>h</source>
        <comment>hours, as in 3 d 4 h</comment>
        <translation>小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min</source>
        <comment>minutes, as in 2 h 15 min</comment>
        <translation>分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>s</source>
        <comment>seconds, as in 3 min 5 s</comment>
        <translation>秒</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <location filename="../../timeline_app/gui/menus/help.py" line="+78"/>
        <source>Absolute style</source>
        <translation>绝对时间样式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Relative style</source>
        <translation>相对时间样式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CST style</source>
        <translation>CST 前缀样式</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>A user message whose time is stored in the timestamp file</source>
        <translation>用户消息（已记录）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>An assistant message with a stored time</source>
        <translation>助手消息（已记录）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A system or other message</source>
        <translation>系统消息或其他消息</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Stored time earlier than a previous message&apos;s</source>
        <translation>存储的时间早于前面某条消息的时间</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Stored value the middleware cannot read, or not text</source>
        <translation>中间件无法解析存储的值，或值不是文本</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A run of times one second apart, most likely invented by a backfill</source>
        <translation>一串相隔一秒的时间，很可能是回填时推算出的</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Messages with the same content share one hash, so one time</source>
        <translation>内容相同的消息共用一个哈希，因此也共用一个时间</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A long silence, shortened on the axis (its length is written below; zoomed out, a short tick where there is no room to write it)</source>
        <translation>长时间没有消息，在时间条上被压缩显示（时长写在下方；缩小后写不下时长的地方只画一条短刻度）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>echoed-prefix (the text starts with a time the model echoed): no mark of its own; the message is drawn at its time like any other, and its tooltip says it</source>
        <translation>回显前缀（文本以模型回显的时间开头）：没有专门的标记；该消息像其他消息一样画在它的时间处，其悬停提示会注明</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Not drawn: system messages and a trailing &apos;Name:&apos; prompt (generation-prompt), which are never timestamped (in the CST style, one whose transcript records a time is drawn at it, in the other lane)</source>
        <translation>不绘制：系统消息和末尾的“名字:”提示（生成提示），它们从不加时间戳（在 CST 前缀样式中，聊天记录为其记下时间的会画在那个时间处，位于“其他”行）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The reply the next request will add (placeholder time)</source>
        <translation>下一次请求将添加的回复（占位时间）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>A state of the file&apos;s own history (History panel); the selected one has a line; an arrow at an end: a state outside the messages&apos; times</source>
        <translation>文件自身历史的一个版本（历史面板）；选中的版本带一条竖线；两端的箭头：时间在所有消息之外的版本</translation>
    </message>
    <message>
        <location line="+236"/>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keys</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>See, preview and repair the hidden time data of LLM conversations (WilmerAI, Free Anima).</source>
        <translation>查看、预览并修复 LLM 对话中隐藏的时间数据（WilmerAI、Free Anima）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>MIT licence.</source>
        <translation>MIT 许可证。</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>The user guide is not installed (looked for %1).</source>
        <translation>未安装用户指南（查找位置：%1）。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The user guide is written in English only.</source>
        <translation>用户指南目前只有英文版。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Legend of the timeline strip</source>
        <translation>时间条图例</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>About Timeline Inspector</source>
        <translation>关于 Timeline Inspector</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>User guide</source>
        <translation>用户指南</translation>
    </message>
    <message>
        <location line="-366"/>
        <source>Not drawn: orphans (stored times no message matches); the Orphans list under Details holds them</source>
        <translation>不画出：孤立条目（没有任何消息与之对应的存储时间）；它们列在详情下方的“孤立条目”列表中</translation>
    </message>
    <message>
        <location line="-62"/>
        <source>Stored time later than &apos;now&apos; on the middleware&apos;s clock (flagged future): the clock was wrong when it was stored, or the file was written elsewhere</source>
        <translation>存储的时间晚于中间件时钟上的“当前时间”（标为“晚于参照时间”）：存储时时钟不准，或文件是在别处写的</translation>
    </message>
    <message>
        <location line="-25"/>
        <source>No stored time: untracked, placed at the ≈ time the middleware would backfill at the next request, as the table shows it; zoomed out, where marks share pixels, a foot in the warning colour under them</source>
        <translation>没有存储的时间：未记录，位于中间件在下一次请求时会回填的 ≈ 时间，与表格所示一致；缩小后标记挤在同一像素时，下方有一个警示色的底脚</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>CST style: placed at the time the transcript itself records, which the CST prefix shows, not a stored time (a message that records none is not drawn; the strip says how many)</source>
        <translation>CST 前缀样式：位于聊天记录自己记下的时间，即 CST 前缀显示的时间，而不是存储的时间（没有记下时间的消息不画出；时间条会说明有多少条）</translation>
    </message>
</context>
<context>
    <name>History</name>
    <message>
        <location filename="../../timeline_app/core/words.py" line="+700"/>
        <source>the client no longer sent it (a reply regenerated or a message deleted)</source>
        <translation>客户端不再发送它（回复被重新生成或消息被删除）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the client sent it with {0!r} added at the start</source>
        <translation>客户端发送时在开头多了 {0!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the client sent it without the {0!r} at its start</source>
        <translation>客户端发送时去掉了开头的 {0!r}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the client sent it with other line endings</source>
        <translation>客户端发送时换行符不同</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>the client sent it with {0!r} added at the end</source>
        <translation>客户端发送时在末尾多了 {0!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the client sent it without the {0!r} at its end</source>
        <translation>客户端发送时去掉了末尾的 {0!r}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the client sent it in another Unicode form</source>
        <translation>客户端发送时使用了另一种 Unicode 形式</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>the client sent it with other whitespace around it</source>
        <translation>客户端发送时首尾空白不同</translation>
    </message>
    <message>
        <location line="-192"/>
        <source>changed from {1!r} to {2!r} before {0} (by hand or by another program: the middleware never changes a stored time)</source>
        <translation>在 {0} 之前从 {1!r} 改为 {2!r}（手动或其他程序：中间件从不改动已存的时间）</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>stored as {1!r} by a save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S}</source>
        <translation>由 Timeline Inspector 在 {0:%Y-%m-%d %H:%M:%S} 的保存存为 {1!r}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>changed from {1!r} to {2!r} by a save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S}</source>
        <translation>由 Timeline Inspector 在 {0:%Y-%m-%d %H:%M:%S} 的保存从 {1!r} 改为 {2!r}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>removed by a save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S} (it held {1!r})</source>
        <translation>由 Timeline Inspector 在 {0:%Y-%m-%d %H:%M:%S} 的保存删除（原为 {1!r}）</translation>
    </message>
    <message>
        <location line="+111"/>
        <source>never changed its time</source>
        <translation>时间从未改动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not stored in any state</source>
        <translation>任何版本中都没有存储</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>not sent in the newest request: an orphan</source>
        <translation>最新的请求中没有发送它：孤立条目</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>the middleware gives this message no time (a system message or a generation prompt)</source>
        <translation>中间件不给这条消息时间（系统消息或生成提示）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>no state of the timestamp file to follow (record with --discussions to keep a copy with each request)</source>
        <translation>没有可追溯的时间戳文件版本（录制时加上 --discussions，才会随每个请求保留一份副本）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>no stored hash starts with {0!r} ({1:#match|matches})</source>
        <translation>没有以 {0!r} 开头的已存哈希（{1} 个匹配）</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>no message {0} (the newest request has {1:#message|messages})</source>
        <translation>没有消息 {0}（最新的请求有 {1} 条消息）</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>last sent at {0}; orphaned at {1}: {2}</source>
        <translation>最后一次在 {0} 发送；在 {1} 成为孤立条目：{2}</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>holds {0:#discussion|discussions} ({1}): name its folder</source>
        <translation>包含 {0} 个对话（{1}）：请指明其文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a recording can only be the first source</source>
        <translation>录制内容只能作为第一个来源</translation>
    </message>
    <message>
        <location line="-186"/>
        <source>removed before {0} (it held {1!r})</source>
        <translation>在 {0} 之前被删除（原为 {1!r}）</translation>
    </message>
    <message>
        <location line="+162"/>
        <source>its text took the place of {0}… (orphaned at {1}: {2})</source>
        <translation>它的文本取代了 {0}…（在 {1} 成为孤立条目：{2}）</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>the copy of the timestamp file is missing</source>
        <translation>时间戳文件的副本缺失</translation>
    </message>
    <message>
        <location line="-214"/>
        <source>stored at {0} as {1!r}</source>
        <translation>在 {0} 时存为 {1!r}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>stored before {0} as {1!r} by no recorded request (by hand or by another program)</source>
        <translation>在 {0} 之前存为 {1!r}，并非录制到的请求所为（手动或其他程序）</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>stored at {0} as {1!r}, the time the reply before it started (the placeholder)</source>
        <translation>在 {0} 时存为 {1!r}，即上一条回复开始的时间（占位时间）</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>request {0} ({1:%Y-%m-%d %H:%M:%S})</source>
        <translation>请求 {0}（{1:%Y-%m-%d %H:%M:%S}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>state {0} ({1})</source>
        <translation>版本 {0}（{1}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>state {0} ({1}, {2:%Y-%m-%d %H:%M:%S})</source>
        <translation>版本 {0}（{1}，{2:%Y-%m-%d %H:%M:%S}）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>changed from {1!r} to {2!r} before {0} by no recorded request (the middleware rewrites a stored time only when a group-chat commit gives a reply equal to the message its newer time; otherwise by hand or by another program)</source>
        <translation>在 {0} 之前从 {1!r} 改为 {2!r}，不是任何录制的请求所为（中间件只在群聊即时提交时改写已存的时间：回复与该消息相同，就把回复较新的时间写入它的条目；否则是手动或其他程序所为）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>changed from {1!r} to {2!r} by {0}: its reply equals this message, and a group-chat commit overwrites the entry of an equal message with the reply&apos;s time</source>
        <translation>由 {0} 从 {1!r} 改为 {2!r}：它的回复与这条消息相同，群聊即时提交会用回复的时间覆盖相同消息的条目</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>removed before {0} (it held {1!r}) by no recorded request and no save of Timeline Inspector (by hand or by another program: the middleware never removes a stored time)</source>
        <translation>在 {0} 之前被删除（原值 {1!r}），不是任何录制的请求，也不是 Timeline Inspector 的保存所为（手动或其他程序：中间件从不删除已存的时间）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>its time is not the one it had before it was removed ({0!r} then, {1!r} now)</source>
        <translation>它的时间不是被删除前的那个（当时 {0!r}，现在 {1!r}）</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>stored before {0} as {1!r}: by a write that kept no backup (the middleware, or the save of Timeline Inspector at {2:%Y-%m-%d %H:%M:%S}; the states between are not kept)</source>
        <translation>在 {0} 之前存为 {1!r}：由一次未留备份的写入所为（中间件，或 Timeline Inspector 在 {2:%Y-%m-%d %H:%M:%S} 的保存；其间的版本没有保留）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>changed from {1!r} to {2!r} before {0}: by a write that kept no backup (the middleware, or the save of Timeline Inspector at {3:%Y-%m-%d %H:%M:%S}; the states between are not kept)</source>
        <translation>在 {0} 之前从 {1!r} 改为 {2!r}：由一次未留备份的写入所为（中间件，或 Timeline Inspector 在 {3:%Y-%m-%d %H:%M:%S} 的保存；其间的版本没有保留）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>removed before {0} (it held {1!r}): by a write that kept no backup (the middleware, or the save of Timeline Inspector at {2:%Y-%m-%d %H:%M:%S}; the states between are not kept)</source>
        <translation>在 {0} 之前被删除（原为 {1!r}）：由一次未留备份的写入所为（中间件，或 Timeline Inspector 在 {2:%Y-%m-%d %H:%M:%S} 的保存；其间的版本没有保留）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>changed from {1!r} to {2!r} before {0}: by hand or by another program (the middleware never rewrites a stored time so), or by the save of Timeline Inspector at {3:%Y-%m-%d %H:%M:%S}; the states between are not kept</source>
        <translation>在 {0} 之前从 {1!r} 改为 {2!r}：手动或其他程序所为（中间件从不这样改写已存的时间），或者是 Timeline Inspector 在 {3:%Y-%m-%d %H:%M:%S} 的保存；其间的版本没有保留</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>removed before {0} (it held {1!r}): by hand or by another program (the middleware never removes a stored time), or by the save of Timeline Inspector at {2:%Y-%m-%d %H:%M:%S}; the states between are not kept</source>
        <translation>在 {0} 之前被删除（原为 {1!r}）：手动或其他程序所为（中间件从不删除已存的时间），或者是 Timeline Inspector 在 {2:%Y-%m-%d %H:%M:%S} 的保存；其间的版本没有保留</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>stored before {0} as {1!r}: by the save of Timeline Inspector at {2:%Y-%m-%d %H:%M:%S}, by later saves of it whose backups were pruned (a session keeps its first and its newest), or by another write</source>
        <translation>在 {0} 之前存为 {1!r}：由 Timeline Inspector 在 {2:%Y-%m-%d %H:%M:%S} 的保存、其备份已被清理的后续保存（每个会话保留其第一个和最新的备份），或其他写入所为</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>changed from {1!r} to {2!r} before {0}: by the save of Timeline Inspector at {3:%Y-%m-%d %H:%M:%S}, by later saves of it whose backups were pruned (a session keeps its first and its newest), or by another write</source>
        <translation>在 {0} 之前从 {1!r} 改为 {2!r}：由 Timeline Inspector 在 {3:%Y-%m-%d %H:%M:%S} 的保存、其备份已被清理的后续保存（每个会话保留其第一个和最新的备份），或其他写入所为</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>removed before {0} (it held {1!r}): by the save of Timeline Inspector at {2:%Y-%m-%d %H:%M:%S}, by later saves of it whose backups were pruned (a session keeps its first and its newest), or by another write</source>
        <translation>在 {0} 之前被删除（原值 {1!r}）：由 Timeline Inspector 在 {2:%Y-%m-%d %H:%M:%S} 的保存、其备份已被清理的后续保存（每个会话保留其第一个和最新的备份），或其他写入所为</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>set to {1!r} by a save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S} (known from its save mark: the file it wrote was deleted before {2}, its contents not kept)</source>
        <translation>由 Timeline Inspector 在 {0:%Y-%m-%d %H:%M:%S} 的保存设为 {1!r}（据其保存标记得知：它写入的文件在 {2} 之前被删除，内容没有保留）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the file was deleted before {0} (the middleware never deletes it) and the middleware made it anew at {1:%Y-%m-%d %H:%M:%S}: what the deleted file held was not kept</source>
        <translation>文件在 {0} 之前被删除（中间件从不删除它），中间件在 {1:%Y-%m-%d %H:%M:%S} 重新建立了它：被删除的文件的内容没有保留</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S} wrote a file deleted before {1}: its bytes were not kept, its save mark says the entries it set (the stories tell them)</source>
        <translation>Timeline Inspector 在 {0:%Y-%m-%d %H:%M:%S} 的保存写入的文件在 {1} 之前被删除：其内容没有保留，其保存标记记下了它设置的条目（各消息的历史中有述）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>in no state kept: first sent at {0}, which the middleware handled after the last copy</source>
        <translation>不在任何保留的版本中：首次发送于 {0}，中间件在最后一份副本之后才处理该请求</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>{0!r} is the start of {2:,} stored hashes ({1}): give more of it</source>
        <translation>{0!r} 是 {2:,} 个已存哈希的开头（{1}）：请给出更长的前缀</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>{0}: line {1} skipped: {2}</source>
        <translation>{0}：已跳过第 {1} 行：{2}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>another discussion&apos;s file was here: the save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S} set it aside as {1} (its entries are not this discussion&apos;s: no state of it)</source>
        <translation>这里曾是另一对话的文件：Timeline Inspector 在 {0:%Y-%m-%d %H:%M:%S} 的保存将其另存为 {1}（其条目不属于本对话，不算本对话的版本）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>{0} is dated before the state before it ({1:#state|states} in all): a file copied without its time (cp without -p) or files given newest first? The states follow the order given (backups: the stamps in their names)</source>
        <translation>{0} 的时间早于它之前的版本（共 {1} 个版本如此）：文件复制时未保留时间（cp 未加 -p），还是文件按从新到旧给出？版本按给出的顺序排列（备份：按其名称中的时间戳）</translation>
    </message>
    <message>
        <location line="-88"/>
        <source>stored from the reply to {0}, the newest request: the next request will send it back</source>
        <translation>存自对 {0}（最新的请求）的回复：下一个请求会把它发回</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>its text took the place of {0}… (the reply to {1}, regenerated at {2})</source>
        <translation>它的文本取代了 {0}…（对 {1} 的回复，在 {2} 被重新生成）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>the client sent it edited (from character {0} on, counted from 1)</source>
        <translation>客户端发送的是编辑过的文本（从第 {0} 个字符起）</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>an orphan: stored from the reply to {0}, regenerated at {1}, which sent the same messages again: its reply took this one&apos;s place</source>
        <translation>孤立条目：存自对 {0} 的回复，在 {1} 被重新生成，该请求再次发送了相同的消息：它的回复取代了这一条</translation>
    </message>
    <message>
        <location line="-181"/>
        <source>state {0} (a backup, written {1:%Y-%m-%d %H:%M:%S})</source>
        <translation>版本 {0}（备份，写入于 {1:%Y-%m-%d %H:%M:%S}）</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>stored as {1!r} by a save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S}, by another write after it (a hand edit the window read again), or by the save at {2:%Y-%m-%d %H:%M:%S}, which wrote what the window showed over another discussion&apos;s file</source>
        <translation>存为 {1!r}：由 Timeline Inspector 在 {0:%Y-%m-%d %H:%M:%S} 的保存、其后的另一次写入（窗口重新读取的手动编辑），或在 {2:%Y-%m-%d %H:%M:%S} 将窗口所示内容写在另一对话文件之上的保存所为</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>changed from {1!r} to {2!r} by a save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S}, by another write after it (a hand edit the window read again), or by the save at {3:%Y-%m-%d %H:%M:%S}, which wrote what the window showed over another discussion&apos;s file</source>
        <translation>从 {1!r} 改为 {2!r}：由 Timeline Inspector 在 {0:%Y-%m-%d %H:%M:%S} 的保存、其后的另一次写入（窗口重新读取的手动编辑），或在 {3:%Y-%m-%d %H:%M:%S} 将窗口所示内容写在另一对话文件之上的保存所为</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>removed (it held {1!r}) by a save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S}, by another write after it (a hand edit the window read again), or by the save at {2:%Y-%m-%d %H:%M:%S}, which wrote what the window showed over another discussion&apos;s file</source>
        <translation>已删除（原为 {1!r}）：由 Timeline Inspector 在 {0:%Y-%m-%d %H:%M:%S} 的保存、其后的另一次写入（窗口重新读取的手动编辑），或在 {2:%Y-%m-%d %H:%M:%S} 将窗口所示内容写在另一对话文件之上的保存所为</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>an orphan: stored from the reply to {0}, never sent back by the client (the reply was regenerated or the message deleted)</source>
        <translation>孤立条目：存自对 {0} 的回复，客户端从未把它发回（回复被重新生成，或消息被删除）</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>no recorded request gives the messages&apos; positions (backups hold hashes only): ask for a --hash, give the transcript before the timestamp file, or give a recording</source>
        <translation>没有已录制的请求给出消息的位置（备份只保存哈希）：请用 --hash 指定，把聊天记录放在时间戳文件之前给出，或给出一份录制</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{0!r} is no hash: a hash is written in hexadecimal digits (0-9, a-f)</source>
        <translation>{0!r} 不是哈希：哈希由十六进制数字（0-9、a-f）写成</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>is a transcript, not a timestamp file: give its discussion&apos;s timestamps.json after it (the transcript gives the messages&apos; positions for --message)</source>
        <translation>这是聊天记录，不是时间戳文件：请在它之后给出其对话的 timestamps.json（聊天记录为 --message 提供消息的位置）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{0} could not be read: {1}; the changes before and after it are told as one step</source>
        <translation>无法读取 {0}：{1}；它前后的变化合为一步说明</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the copy of the file kept with {0} ({1}) could not be read: {2}; the changes before and after it are told as one step</source>
        <translation>随 {0} 保存的文件副本（{1}）无法读取：{2}；它前后的变化合为一步说明</translation>
    </message>
    <message>
        <location line="-242"/>
        <source>already stored as {1!r} in {0}, the first kept</source>
        <translation>已存为 {1!r}，见于最早保留的 {0}</translation>
    </message>
    <message>
        <location line="+253"/>
        <source>the file was deleted, and the save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S} wrote it anew with what the window showed (what the deleted file held is not kept)</source>
        <translation>文件曾被删除，Timeline Inspector 在 {0:%Y-%m-%d %H:%M:%S} 的保存按窗口所示内容重新写入了它（被删除的文件的内容没有保留）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the file was moved away, and the save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S} wrote it anew at its old place with what the window showed (the moved file is not part of this history)</source>
        <translation>文件曾被移走，Timeline Inspector 在 {0:%Y-%m-%d %H:%M:%S} 的保存按窗口所示内容在原位置重新写入了它（被移走的文件不属于这段历史）</translation>
    </message>
    <message>
        <location line="-96"/>
        <source>in no state kept: first sent at {0}, yet the copy taken at {1}, after the middleware handled it, does not hold it</source>
        <translation>不在任何保留的版本中：首次发送于 {0}，但在中间件处理该请求之后于 {1} 取得的副本并不包含它</translation>
    </message>
    <message>
        <location line="-42"/>
        <source>stored before {0} as {1!r} when the middleware made the file anew at {2:%Y-%m-%d %H:%M:%S} after it was deleted (its messages backfilled one second apart, ending at that request&apos;s time)</source>
        <translation>在 {0} 之前存为 {1!r}：文件被删除后，中间件在 {2:%Y-%m-%d %H:%M:%S} 重新建立了它（其消息按相隔一秒回填，止于该请求的时间）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>changed from {1!r} to {2!r} before {0}: the file was deleted and the middleware made it anew at {3:%Y-%m-%d %H:%M:%S}, backfilling its messages one second apart, ending at that request&apos;s time</source>
        <translation>在 {0} 之前从 {1!r} 改为 {2!r}：文件被删除，中间件在 {3:%Y-%m-%d %H:%M:%S} 重新建立了它，按相隔一秒回填其消息，止于该请求的时间</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>removed before {0} (it held {1!r}): the file was deleted (the middleware never deletes it) and the middleware made it anew at {2:%Y-%m-%d %H:%M:%S} without it</source>
        <translation>在 {0} 之前被删除（原值 {1!r}）：文件被删除（中间件从不删除它），中间件在 {2:%Y-%m-%d %H:%M:%S} 重新建立的文件中没有它</translation>
    </message>
</context>
<context>
    <name>HistoryModel</name>
    <message>
        <location filename="../../timeline_app/gui/tables/history.py" line="+19"/>
        <source>State</source>
        <translation>版本</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Added</source>
        <translation>新增</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Changed</source>
        <translation>改动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Removed</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Placeholder</source>
        <translation>占位时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>By hand</source>
        <translation>手动</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The file&apos;s states, oldest first: 0 is the oldest kept.</source>
        <translation>文件的各个版本，从旧到新：0 是保留下来的最旧版本。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where this state of the file is kept (a backup, a recorder&apos;s copy, or the file itself) and when it became current: the request it arrived with, or when that file was written.</source>
        <translation>这个版本保存在哪里（备份、录制器的副本或文件本身），以及它何时生效：随之而来的请求，或该文件写入的时间。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Entries this state has that the state before did not.</source>
        <translation>这个版本有而上一个版本没有的条目。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Entries whose stored time differs from the state before.</source>
        <translation>存储的时间与上一个版本不同的条目。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Entries the state before had that this one has not.</source>
        <translation>上一个版本有而这个版本没有的条目。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The reply&apos;s placeholder: the time a reply started, kept until the reply is stored. Given to: the reply that took its time; dropped: removed unused (the reply already had a time); set: a new reply started.</source>
        <translation>回复的占位时间：回复开始的时间，保留到回复被存储为止。给了：取用这个时间的回复；已丢弃：未使用即被删除（回复已有时间）；已设置：新的回复开始了。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Entries no recorded request and no save of Timeline Inspector explains: changed by hand or by another program. Up to N: after a save of ours the file was written again without a backup, so at most N were.</source>
        <translation>没有任何录制到的请求、也没有 Timeline Inspector 的保存能解释的条目：手动或由其他程序改动。至多 N：本应用保存之后文件又被写入且没有备份，所以至多 N 条如此。</translation>
    </message>
    <message>
        <location line="+89"/>
        <location line="+3"/>
        <source>File and its time (%1)</source>
        <translation>文件及其时间（%1）</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>given to %1 (#%2 of request %3, the one open)</source>
        <translation>给了 %1（打开的请求 %3 中的 #%2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>given to %1 (#%2)</source>
        <translation>给了 %1（#%2）</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>no file</source>
        <translation>无文件</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>given to %1…</source>
        <translation>给了 %1…</translation>
    </message>
    <message>
        <location line="-151"/>
        <source>File and its time</source>
        <translation>文件及其时间</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>dropped</source>
        <translation>已丢弃</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>set</source>
        <translation>已设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, </source>
        <comment>between the placeholder&apos;s events</comment>
        <translation>，</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>The file as the recorder copied it when this request arrived</source>
        <translation>这个请求到达时录制器复制下来的文件</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The file as last written at this time</source>
        <translation>此时最后一次写入的文件</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>up to %1</source>
        <translation>至多 %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>A backup, %2: the file as written at this time, current until a save of Timeline Inspector set it aside at %1</source>
        <translation>备份 %2：此时写入的文件，一直生效到 Timeline Inspector 在 %1 保存时把它留作备份</translation>
    </message>
    <message>
        <location line="-28"/>
        <source>%1 · arrived after now</source>
        <comment>a history state</comment>
        <translation>%1 · 到达时间在参照时间之后</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 · written after now</source>
        <comment>a history state</comment>
        <translation>%1 · 写入时间在参照时间之后</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>given to %1</source>
        <translation>给了 %1</translation>
    </message>
</context>
<context>
    <name>HistoryPanel</name>
    <message>
        <location filename="../../timeline_app/gui/panels/history.py" line="+122"/>
        <source>Select a state to see what changed to reach it.</source>
        <translation>选择一个版本，查看它相对上一版本的改动。</translation>
    </message>
    <message>
        <location line="+106"/>
        <source>No history: open a recorded request (File &gt; Open recordings folder) or a timestamp file with backups beside it.</source>
        <translation>没有历史：请打开一个录制的请求（文件 &gt; 打开录制文件夹），或旁边有备份的时间戳文件。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No discussion open.</source>
        <translation>没有打开对话。</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Reading the history…</source>
        <translation>正在读取历史…</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>%n state(s) of the timestamp file</source>
        <translation>
            <numerusform>时间戳文件的 %n 个版本</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n recorded request(s)</source>
        <translation>
            <numerusform>%n 个录制的请求</numerusform>
        </translation>
    </message>
    <message>
        <location line="-9"/>
        <source>No history: %1</source>
        <translation>没有历史：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+107"/>
        <source>%1: the first state, %n entry(ies)</source>
        <translation>
            <numerusform>%1：第一个版本，%n 个条目</numerusform>
        </translation>
    </message>
    <message>
        <location line="-26"/>
        <source>, </source>
        <comment>between requests</comment>
        <translation>，</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1: what the middleware did while handling %2</source>
        <translation>%1：中间件处理 %2 时所做的改动</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>%1: no recorded request ran before it</source>
        <translation>%1：此前没有录制到的请求</translation>
    </message>
    <message>
        <location line="-92"/>
        <source> (by no recorded request: by hand or another program)</source>
        <translation>（并非录制到的请求所为：手动或其他程序）</translation>
    </message>
    <message>
        <location line="-181"/>
        <source>History note</source>
        <translation>历史说明</translation>
    </message>
    <message>
        <location line="+235"/>
        <source>%1: what a save of Timeline Inspector at %2 wrote</source>
        <translation>%1：Timeline Inspector 在 %2 保存时写入的内容</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+101"/>
        <source> (saved by Timeline Inspector)</source>
        <translation>（由 Timeline Inspector 保存）</translation>
    </message>
    <message>
        <location line="-91"/>
        <source>%1: a later write (by hand or by another program, or a save of Timeline Inspector whose backup was pruned: a session keeps its first and its newest) after the save at %2</source>
        <translation>%1：在 %2 那次保存之后的一次写入（手动或其他程序所为，或 Timeline Inspector 的一次备份已被清理的保存：每个会话保留其第一个和最新的备份）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> (by hand, by another program or a save; never the middleware)</source>
        <translation>（手动、其他程序或一次保存所为；绝非中间件）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: a write that kept no backup (by hand or by another program: the middleware makes no such change) after the save of Timeline Inspector at %2, or that save (the states between are not kept)</source>
        <translation>%1：Timeline Inspector 在 %2 保存之后一次未留备份的写入（手动或其他程序所为：中间件不会做这样的修改），或者就是该次保存（其间的版本没有保留）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> (by hand, by another program or that save; never the middleware)</source>
        <translation>（手动、其他程序或该次保存所为；绝非中间件）</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>Before it: the save of Timeline Inspector at %1 wrote the file, which was then deleted, its contents not kept; its save mark says it set %n entry(ies):</source>
        <translation>
            <numerusform>在此之前：Timeline Inspector 在 %1 的保存写入了文件，该文件随后被删除，内容没有保留；其保存标记记下它设置了 %n 个条目：</numerusform>
        </translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Written at %1; current until a save of Timeline Inspector set it aside at %2</source>
        <translation>写入于 %1；一直生效到 Timeline Inspector 在 %2 保存时把它留作备份</translation>
    </message>
    <message>
        <location line="+21"/>
        <source> (the placeholder&apos;s time)</source>
        <translation>（占位时间）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>placeholder given to %1… (message #%2 of request %3, the one open)</source>
        <translation>占位时间给了 %1…（打开的请求 %3 中的消息 #%2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>placeholder given to %1… (message #%2)</source>
        <translation>占位时间给了 %1…（消息 #%2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>placeholder given to %1…</source>
        <translation>占位时间给了 %1…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>placeholder dropped: the newest reply already had a time</source>
        <translation>占位时间被丢弃：最新的回复已有时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>placeholder set: the time the reply started</source>
        <translation>已设置占位时间：回复开始的时间</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>By hand: up to %n entry(ies) changed by hand or by another program (the file was written again after the save without a backup, so it is not known which)</source>
        <translation>
            <numerusform>手动：至多 %n 个条目由手动或其他程序改动（保存之后文件又被写入且没有备份，所以不知道是哪些）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>By hand: %n entry(ies) no recorded request and no save of Timeline Inspector explains (changed by hand or by another program)</source>
        <translation>
            <numerusform>手动：%n 个条目没有任何录制到的请求、也没有 Timeline Inspector 的保存能解释（手动或由其他程序改动）</numerusform>
        </translation>
    </message>
    <message>
        <location line="-266"/>
        <source>The timestamp file changed on disk since: this is its history as read before (saving or reloading reads it again).</source>
        <translation>此后时间戳文件在磁盘上已改变：这里是之前读取时的历史（保存或重新加载会再次读取）。</translation>
    </message>
    <message>
        <location line="-179"/>
        <source>History: previous / next state</source>
        <translation>历史：上一个 / 下一个版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>History: first / last state</source>
        <translation>历史：第一个 / 最后一个版本</translation>
    </message>
    <message numerus="yes">
        <location line="+173"/>
        <source>… and %n more note(s) (the history command lists them all)</source>
        <translation>
            <numerusform>…… 另有 %n 条说明（history 命令会全部列出）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+184"/>
        <source>Another discussion&apos;s file was here; the save at %1 set it aside as %2</source>
        <translation>这里曾是另一对话的文件；%1 的保存将其另存为 %2</translation>
    </message>
    <message>
        <location line="-160"/>
        <source>1 state of the timestamp file, no earlier ones kept: each save of Timeline Inspector keeps a backup of the file it replaces, and a recording (File &gt; Open recordings folder) a copy with each request.</source>
        <translation>时间戳文件的 1 个版本，没有保留更早的版本：Timeline Inspector 每次保存都会备份被替换的文件，录制（文件 &gt; 打开录制文件夹）则随每个请求保存一份副本。</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>%1: changed after %2 by no recorded request</source>
        <translation>%1：在 %2 之后被修改，不是任何已录制的请求所为</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: what a save of Timeline Inspector at %2 wrote, another write after it (a hand edit the window read again), or the save at %3 over another discussion&apos;s file</source>
        <translation>%1：Timeline Inspector 在 %2 的保存所写、其后的另一次写入（窗口重新读取的手动编辑），或在 %3 写在另一对话文件之上的保存所写</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> (by one of those saves or another write)</source>
        <translation>（由上述某次保存或另一次写入所为）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: a later write (the middleware, or a save of Timeline Inspector whose backup was pruned: a session keeps its first and its newest) after the save at %2</source>
        <translation>%1：在 %2 那次保存之后的一次写入（中间件所写，或 Timeline Inspector 的一次备份已被清理的保存：每个会话保留其第一个和最新的备份）</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+17"/>
        <source> (by a later write or that save)</source>
        <translation>（由之后的写入或该次保存所为）</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>%1: a write that kept no backup (the middleware, or a hand edit) after the save of Timeline Inspector at %2, or that save (the states between are not kept)</source>
        <translation>%1：Timeline Inspector 在 %2 保存之后一次未留备份的写入（中间件所写，或手工编辑），或者就是该次保存（其间的版本没有保留）</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>The file was deleted; the save at %1 wrote it anew with what the window showed</source>
        <translation>文件曾被删除；%1 的保存按窗口所示内容重新写入了它</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>The file was moved away; the save at %1 wrote it anew at its old place with what the window showed</source>
        <translation>文件曾被移走；%1 的保存按窗口所示内容在原位置重新写入了它</translation>
    </message>
    <message>
        <location line="-112"/>
        <source>%1: the file was deleted (the middleware never deletes it) and the middleware made it anew at %2, backfilling its messages one second apart, ending at that request&apos;s time</source>
        <translation>%1：文件被删除（中间件从不删除它），中间件在 %2 重新建立了它，按相隔一秒回填其消息，止于该请求的时间</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>Saved by Timeline Inspector at %1: these are exactly the bytes it wrote</source>
        <translation>由 Timeline Inspector 在 %1 保存：正是它写入的字节</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved by Timeline Inspector&apos;s command line at %1: these are exactly the bytes it wrote</source>
        <translation>由 Timeline Inspector 的命令行在 %1 保存：正是它写入的字节</translation>
    </message>
    <message>
        <location line="+37"/>
        <source> (backfilled by the middleware as it made the file anew)</source>
        <translation>（中间件重新建立文件时回填）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (gone with the deleted file)</source>
        <translation>（随被删除的文件而去）</translation>
    </message>
</context>
<context>
    <name>InputProblems</name>
    <message>
        <location filename="../../timeline_app/gui/wording.py" line="+272"/>
        <source>cannot be read (permission denied)</source>
        <translation>无法读取（没有权限）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot be written (permission denied)</source>
        <translation>无法写入（没有权限）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>holds %n chats; pick one (%1)</source>
        <translation>
            <numerusform>包含 %n 段聊天；请选择其中一段（%1）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the record has no %1</source>
        <translation>记录缺少%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>, </source>
        <comment>between the legs a record may name</comment>
        <translation>或</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>the record&apos;s %1 cannot be read: %2</source>
        <translation>记录中的%1无法读取：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the line cannot be read as a record</source>
        <translation>这一行无法作为记录读取</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>unexpected character, expected a JSON value</source>
        <translation>有意外的字符，这里应为 JSON 值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unexpected character, expected a string key</source>
        <translation>有意外的字符，这里应为带引号的键名</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unexpected character, expected &apos;,&apos; or &apos;]&apos;</source>
        <translation>有意外的字符，这里应为“,”或“]”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unexpected character, expected &apos;,&apos; or &apos;}&apos;</source>
        <translation>有意外的字符，这里应为“,”或“}”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unexpected character, expected &apos;:&apos; after key</source>
        <translation>有意外的字符，键名之后应为“:”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unexpected end of data</source>
        <translation>内容意外结束</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unexpected content after document</source>
        <translation>在 JSON 结束之后还有多余的内容</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>trailing comma is not allowed</source>
        <translation>有多余的末尾逗号</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>number with leading zero is not allowed</source>
        <translation>数字不能以 0 开头</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no digit after decimal point</source>
        <translation>小数点后缺少数字</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unexpected control character in string</source>
        <translation>字符串中有未转义的控制字符</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>invalid escaped sequence in string</source>
        <translation>字符串中有无效的转义序列</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1</source>
        <comment>a reason of the JSON decoder not known here, in its English</comment>
        <translation>出错（%1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>id</source>
        <comment>a record&apos;s field: the request&apos;s id</comment>
        <translation>请求编号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>received</source>
        <comment>a record&apos;s field: when the request arrived</comment>
        <translation>接收时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>finished</source>
        <comment>a record&apos;s field: when the response ended</comment>
        <translation>完成时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>status</source>
        <comment>a record&apos;s field: the response&apos;s HTTP status</comment>
        <translation>状态码</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>size</source>
        <comment>a record&apos;s field: the body&apos;s size in bytes</comment>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>body_base64</source>
        <comment>a record&apos;s field: the body, in Base64</comment>
        <translation>Base64 请求体</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: %2</source>
        <comment>a file, then what is wrong with it</comment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>JobRunner</name>
    <message>
        <location filename="../../timeline_app/gui/jobs.py" line="+451"/>
        <source>unexpected error: %1</source>
        <translation>意外错误：%1</translation>
    </message>
</context>
<context>
    <name>JsonKind</name>
    <message>
        <location filename="../../timeline_app/core/words.py" line="-442"/>
        <source>a list</source>
        <translation>列表</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>null</source>
        <translation>空值（null）</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a value JSON does not have</source>
        <translation>JSON 中没有的值</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>true/false</source>
        <translation>布尔值（true/false）</translation>
    </message>
</context>
<context>
    <name>KeyDialog</name>
    <message>
        <location filename="../../timeline_app/gui/dialogs/questions.py" line="-121"/>
        <source>Encrypted timestamp file</source>
        <translation>加密的时间戳文件</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>empty if the middleware has none</source>
        <translation>无用户名时留空</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;API key:</source>
        <translation>API 密钥(&amp;A)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Username:</source>
        <translation>用户名(&amp;U)：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The key stays in memory; it is never written anywhere.</source>
        <translation>密钥只保存在内存中，不会写入任何地方。</translation>
    </message>
</context>
<context>
    <name>Keys</name>
    <message>
        <location filename="../../timeline_app/gui/widgets/keys.py" line="-131"/>
        <source>Repair: back to the table</source>
        <translation>修复：回到表格</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next / previous pane or field</source>
        <translation>下一个 / 上一个窗格或字段</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dialog with pages: next / previous page</source>
        <translation>分页的对话框：下一页 / 上一页</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Context menu of what has the focus</source>
        <translation>打开当前焦点处的右键菜单</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <location filename="../../timeline_app/gui/menus/language.py" line="+59"/>
        <source>Lan&amp;guage</source>
        <translation>语言(&amp;G)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The language changes the next time the app starts</source>
        <translation>语言将在下次启动应用时切换</translation>
    </message>
</context>
<context>
    <name>Launch</name>
    <message>
        <location filename="../../timeline_app/gui/launch.py" line="+91"/>
        <source>Internal error: %1 (details on the console)</source>
        <translation>内部错误：%1（详情见控制台）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The last run crashed</source>
        <translation>上次运行时程序崩溃了</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timeline Inspector ended in a crash the last time it ran. What it was doing is logged in %1; please send that file with a report of what you did.</source>
        <translation>Timeline Inspector 上次运行时崩溃退出。崩溃时它在做什么已记录在 %1 中；报告问题时请附上这个文件，并说明你当时做了什么。</translation>
    </message>
</context>
<context>
    <name>Listed</name>
    <message>
        <location filename="../../timeline_app/gui/wording.py" line="+79"/>
        <source>, </source>
        <comment>between the items of a list</comment>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../timeline_app/gui/menus/actions.py" line="-21"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../timeline_app/gui/window/main_window.py" line="+169"/>
        <source>&amp;Details</source>
        <translation>详情(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Preview</source>
        <translation>预览(&amp;P)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Details and preview</source>
        <translation>详情与预览</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Repair</source>
        <translation>修复</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Discussions</source>
        <translation>对话列表</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recordings</source>
        <translation>录制内容</translation>
    </message>
    <message>
        <location filename="../../timeline_app/gui/editing.py" line="+60"/>
        <location filename="../../timeline_app/gui/menus/help.py" line="+269"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../timeline_app/gui/menus/help.py" line="+1"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../timeline_app/gui/window/main_window.py" line="+63"/>
        <source>&amp;Absolute</source>
        <translation>绝对时间(&amp;A)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Relative</source>
        <translation>相对时间(&amp;R)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;CST</source>
        <translation>CST 前缀(&amp;C)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>T&amp;heme</source>
        <translation>主题(&amp;H)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> Style: </source>
        <translation> 时间样式：</translation>
    </message>
    <message>
        <location filename="../../timeline_app/gui/editing.py" line="+1"/>
        <source>&amp;Undo %1</source>
        <translation>撤销“%1”(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Redo %1</source>
        <translation>重做“%1”(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../timeline_app/gui/window/words.py" line="+24"/>
        <source>Timeline Inspector</source>
        <translation>Timeline Inspector</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1%2 — Timeline Inspector</source>
        <translation>%1%2 — Timeline Inspector</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>On the middleware&apos;s clock: %1, the offset the transcript&apos;s own times carry (no stored time says otherwise). Name a zone in Options if it is not.</source>
        <translation>按中间件的时钟：%1，即聊天记录中的时间所带的时差（没有存储的时间表明另有时区）。若不对，请在“选项”中指定时区。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The discussion&apos;s zone is unknown (none is named in Options, and the transcript&apos;s own times show none): times on this machine&apos;s clock, %1. Name a zone in Options.</source>
        <translation>对话的时区未知（选项中未指定时区，聊天记录自带的时间也未显示）：时间按本机时钟，%1。请在选项中指定时区。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Now: ● live %1</source>
        <translation>参照时间：● 实时 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Now: pinned %1</source>
        <translation>参照时间：已固定 %1</translation>
    </message>
    <message>
        <location filename="../../timeline_app/gui/window/main_window.py" line="-92"/>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <location filename="../../timeline_app/gui/wording.py" line="-451"/>
        <source>%1 (%2)</source>
        <comment>a discussion: its name (its files)</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../../timeline_app/gui/window/words.py" line="-51"/>
        <source>%1%2 (%3) — Timeline Inspector</source>
        <translation>%1%2（%3）— Timeline Inspector</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>On the middleware&apos;s clock: %1, the zone named in Options.</source>
        <translation>按中间件的时钟：%1，即“选项”中指定的时区。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>On the middleware&apos;s clock: %1, the transcript&apos;s clock (the offset between its own times and the stored ones). Name a zone in Options if it is not.</source>
        <translation>按中间件的时钟：%1，即聊天记录的时钟（由聊天记录中的时间与存储的时间之差得出）。若不对，请在“选项”中指定时区。</translation>
    </message>
    <message>
        <location filename="../../timeline_app/gui/dialogs/edit_time.py" line="+199"/>
        <source>Choose a message in the table first, then Edit time (F2).</source>
        <translation>请先在表格中选中一条消息，再编辑时间（F2）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The middleware keeps no time for system messages or the generation prompt.</source>
        <translation>中间件不为系统消息和生成提示保存时间。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Another discussion is shown now: the time was not stored.</source>
        <translation>现在显示的是另一个讨论：时间未被存储。</translation>
    </message>
</context>
<context>
    <name>Note</name>
    <message>
        <location filename="../../timeline_app/core/words.py" line="+58"/>
        <source>client API: {0} (the file does not show one; OpenAI assumed)</source>
        <translation>客户端 API：{0}（文件中看不出，按 OpenAI 处理）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>client API: {0} (as chosen)</source>
        <translation>客户端 API：{0}（按所选）</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>client API: {0} as chosen, although the file looks like an {1} request</source>
        <translation>客户端 API：{0}（按所选；但文件看起来是 {1} 请求）</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>client API detected: {0}</source>
        <translation>检测到客户端 API：{0}</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>params.system is sent first as the system message (Open WebUI may fill in template variables such as {0})</source>
        <translation>params.system 作为系统消息最先发送（Open WebUI 可能会填入 {0} 等模板变量）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>timestamp file as it was: {0}</source>
        <translation>请求到达时的时间戳文件：{0}</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>no timestamp file copy (record the client leg with --discussions ROOT)</source>
        <translation>没有时间戳文件的副本（录制客户端链路时请加上 --discussions ROOT）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no timestamp file when the request arrived ({0})</source>
        <translation>请求到达时还没有时间戳文件（{0}）</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>the request carries no discussion id: the middleware keeps no times for it</source>
        <translation>请求没有对话 ID：中间件不会为它记录时间</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>{0}… ({1})</source>
        <translation>{0}…（{1}）</translation>
    </message>
    <message>
        <location line="-67"/>
        <source>request {0} of {1}: {2}</source>
        <translation>请求 {0}（共 {1} 个）：{2}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>request {0} of {1}: {2}, discussion {3}</source>
        <translation>请求 {0}（共 {1} 个）：{2}，对话 {3}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0} {1} {2} {3}</source>
        <translation>{0} {1} {2} {3}</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>timestamp file found beside the transcript: {0}</source>
        <translation>在聊天记录旁找到时间戳文件：{0}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>timestamp file for the discussion id (found): {0}</source>
        <translation>按对话 ID 找到的时间戳文件：{0}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>timestamp file for the discussion id (not created yet): {0}</source>
        <translation>对话 ID 对应的时间戳文件（尚未创建）：{0}</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>chat {0!r} ({1})</source>
        <translation>聊天 {0!r}（{1}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>chat {0!r} (no id)</source>
        <translation>聊天 {0!r}（无 id）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>{0}: {1:#stored value is|stored values are} not text (the middleware reads no time from such a value, and its absolute style crashes on one): {2}</source>
        <translation>{0}：有 {1} 个存储的值不是文本（中间件无法从这样的值中读出时间，其绝对时间样式遇到它会崩溃）：{2}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{0}: {1:#stored value is|stored values are} not text (the middleware reads no time from such a value, and its absolute style crashes on one): {2} and {3:,} more</source>
        <translation>{0}：有 {1} 个存储的值不是文本（中间件无法从这样的值中读出时间，其绝对时间样式遇到它会崩溃）：{2} 等，另有 {3:,} 个</translation>
    </message>
    <message>
        <location line="-66"/>
        <source>best match with the timestamp file: {0}</source>
        <translation>与时间戳文件最吻合的设置：{0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0:#hidden message|hidden messages} not sent</source>
        <translation>{0} 条隐藏消息未发送</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>content as sent: {0}</source>
        <translation>实际发送的内容：{0}</translation>
    </message>
    <message>
        <location line="-20"/>
        <source>transcript found beside the file: {0}</source>
        <translation>在该文件旁找到聊天记录：{0}</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>an OpenAI-style chat request (JSON)</source>
        <translation>OpenAI 风格的聊天请求（JSON）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a Free Anima log (JSONL, timestamps per line)</source>
        <translation>Free Anima 日志（JSONL，每行带时间戳）</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>messages, one per line (JSONL)</source>
        <translation>每行一条消息（JSONL）</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>timestamp file as it was when the request arrived (the recorder&apos;s copy): {0}</source>
        <translation>请求到达时的时间戳文件（记录器保存的副本）：{0}</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>a list of messages (JSON)</source>
        <translation>消息列表（JSON）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an Ollama chat request (JSON)</source>
        <translation>Ollama 聊天请求（JSON）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>a text-generation-webui chat (internal/visible rows)</source>
        <translation>text-generation-webui 聊天（internal/visible 行）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a text-generation-webui chat of spring 2023 (data/data_visible rows)</source>
        <translation>2023 年春季的 text-generation-webui 聊天（data/data_visible 行）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>an Open WebUI chat: {0!r}</source>
        <translation>Open WebUI 聊天：{0!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an Open WebUI export: chat {0!r}, {1} of {2}</source>
        <translation>Open WebUI 导出文件：聊天 {0!r}，第 {1} 个，共 {2} 个</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>JSON messages</source>
        <translation>JSON 消息列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenAI-style request</source>
        <translation>OpenAI 风格请求</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ollama request</source>
        <translation>Ollama 请求</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JSONL messages</source>
        <translation>JSONL 消息</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Free Anima log</source>
        <translation>Free Anima 日志</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SillyTavern chat</source>
        <translation>SillyTavern 聊天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SillyTavern group chat</source>
        <translation>SillyTavern 群聊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>text-generation-webui chat</source>
        <translation>text-generation-webui 聊天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open WebUI chat</source>
        <translation>Open WebUI 聊天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recorded request</source>
        <translation>录制的请求</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>{0:#stored value is|stored values are} not a time the middleware can read</source>
        <translation>有 {0} 个存储的值不是中间件能读出的时间</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>a SillyTavern chat (JSONL)</source>
        <translation>SillyTavern 聊天（JSONL）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>a {0} file</source>
        <translation>{0} 文件</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>a request recorded by the recorder</source>
        <translation>录制器录下的一个请求</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>a SillyTavern group chat (JSONL)</source>
        <translation>SillyTavern 群聊（JSONL）</translation>
    </message>
    <message>
        <location line="-28"/>
        <source>timestamp file beside the transcript opened: {0} ({2:,} entries match its messages); the discussion id&apos;s file under the DiscussionIds root passed over: {1} ({3:,} match)</source>
        <translation>已打开聊天记录旁的时间戳文件：{0}（{2:,} 个条目与其消息相符）；已略过 DiscussionIds 根目录下该对话 ID 的文件：{1}（{3:,} 个相符）</translation>
    </message>
</context>
<context>
    <name>NowDialog</name>
    <message>
        <location filename="../../timeline_app/gui/dialogs/questions.py" line="-46"/>
        <source>Pin the reference time</source>
        <translation>固定参照时间</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Relative times and simulations use this as &apos;now&apos; (the middleware&apos;s clock: %1):</source>
        <translation>相对时间和模拟都以此作为参照时间（中间件的时钟：%1）：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Relative times and simulations use this as &apos;now&apos;:</source>
        <translation>相对时间和模拟都以此作为参照时间：</translation>
    </message>
</context>
<context>
    <name>Opener</name>
    <message>
        <location filename="../../timeline_app/gui/window/opening.py" line="+43"/>
        <source>Transcripts (*.json *.jsonl);;All files (*)</source>
        <translation>聊天记录 (*.json *.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timestamp files (*.json);;All files (*)</source>
        <translation>时间戳文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>&amp;Open recent</source>
        <translation>最近打开(&amp;O)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Open transcript</source>
        <translation>打开聊天记录</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Open timestamp file</source>
        <translation>打开时间戳文件</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Open transcript (1 of 2)</source>
        <translation>打开聊天记录（第 1 步，共 2 步）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Its timestamp file (2 of 2)</source>
        <translation>选择它的时间戳文件（第 2 步，共 2 步）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Open DiscussionIds folder</source>
        <translation>打开 DiscussionIds 文件夹</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Save timestamp file as</source>
        <translation>时间戳文件另存为</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Several transcripts</source>
        <translation>多个聊天记录</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>One discussion opens at a time:</source>
        <translation>一次只能打开一个对话：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Several timestamp files</source>
        <translation>多个时间戳文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Which file belongs to it?</source>
        <translation>哪个文件属于它？</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 (no key given)</source>
        <translation>%1（未提供密钥）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 (no chat chosen)</source>
        <translation>%1（未选择聊天）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Timestamp file deleted</source>
        <translation>时间戳文件已删除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 was deleted on disk. Write back every stored time the window shows, save them elsewhere, or write nothing?</source>
        <translation>%1 已在磁盘上删除。要写回窗口显示的所有存储时间、保存到别处，还是什么也不写？</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Timestamp file moved</source>
        <translation>时间戳文件已移动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 was moved on disk, to %2. Write every stored time the window shows back under its old name, save them elsewhere, or write nothing?</source>
        <translation>%1 已在磁盘上移动到 %2。要把窗口显示的所有存储时间以原来的名称写回、保存到别处，还是什么也不写？</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Timestamp file replaced</source>
        <translation>时间戳文件已被替换</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Unsaved edits conflict</source>
        <translation>未保存的修改有冲突</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Files may not belong together</source>
        <translation>文件可能不是配套的</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Timestamp file empty or broken</source>
        <translation>时间戳文件为空或已损坏</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 on disk is empty or cannot be read, while the window shows its stored times as last read. Write them all back (that file kept as a backup), save them elsewhere, or write nothing?</source>
        <translation>磁盘上的 %1 为空或无法读取，而窗口仍显示上次读取的存储的时间。要全部写回（该文件保留为备份）、保存到别处，还是什么也不写？</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Timestamp file overwritten</source>
        <translation>时间戳文件已被覆盖</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 was rewritten on disk, but not as the middleware writes it (stored times removed, or more than one changed). Write every stored time the window shows, with the entries that file adds for other messages (that file kept as a backup), save them elsewhere, or write nothing?</source>
        <translation>%1 在磁盘上被重写了，但不是中间件的写法（删除了存储的时间，或改动了不止一个）。要写入窗口显示的每个存储时间，并附上该文件为其他消息添加的条目（该文件保留为备份），还是另存到别处，或者什么都不写？</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Discussion folder moved</source>
        <translation>讨论文件夹已被移走</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The folder of %1 was moved on disk, to %2. Save your edits into the discussion&apos;s file there (merged with what the middleware wrote there since, that file kept as a backup), write every stored time the window shows back at the old place (the folder made again, without the chat), save them elsewhere, or write nothing?</source>
        <translation>%1 所在的文件夹已在磁盘上被移到 %2。要把您的编辑保存到那里的讨论文件中（与中间件此后写入的内容合并，该文件另留备份），还是把窗口显示的全部存储时间写回原处（重新建立该文件夹，但不含聊天记录），另存到别处，或者什么都不写？</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The transcript&apos;s discussion id is %2 but %1 belongs to %3: saving writes this chat&apos;s times into another discussion&apos;s file. Save into %1 all the same, save elsewhere, or write nothing?</source>
        <translation>记录的讨论 ID 是 %2，但 %1 属于 %3：保存会把此聊天的时间写入另一个讨论的文件。仍然保存到 %1、另存到别处，还是什么都不写？</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>The reply&apos;s pending time %1 (its placeholder: no message&apos;s time, so not in the count) is written too, as the middleware keeps it.</source>
        <translation>回复的待定时间 %1（它的占位符：不是任何消息的时间，所以不计入数目）也会写入，与中间件保存它的方式相同。</translation>
    </message>
    <message>
        <location line="+43"/>
        <location line="+19"/>
        <source>Save &amp;into the moved folder</source>
        <translation>保存到移动后的文件夹(&amp;I)</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Folder not writable</source>
        <translation>文件夹不可写</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The folder of %1 is not writable. Save it elsewhere?</source>
        <translation>%1 所在的文件夹不可写。要保存到别处吗？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>The window also holds the reply&apos;s pending time %1, its placeholder read before that file was made without it: the middleware&apos;s next request would have given it to message #%2, the reply it was reserved for. It is written as #%2&apos;s time; that file&apos;s own time for #%2, %3, is kept only in the backup.</source>
        <translation>窗口还保存着回复的待定时间 %1，即那个文件被重新生成（不含它）之前读到的占位时间：中间件的下一次请求本会把它给消息 #%2，也就是它所预留给的回复。它将写为 #%2 的时间；那个文件中 #%2 自己的时间 %3 只保留在备份中。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The window also holds the reply&apos;s pending time %1, its placeholder read before that file was made without it: the middleware&apos;s next request would have given it to message #%2, the reply it was reserved for. It is written as #%2&apos;s time.</source>
        <translation>窗口还保存着回复的待定时间 %1，即那个文件被重新生成（不含它）之前读到的占位时间：中间件的下一次请求本会把它给消息 #%2，也就是它所预留给的回复。它将写为 #%2 的时间。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The window also holds the reply&apos;s pending time %1, its placeholder read before that file was made without it. Times were stored since and no reply in the chat is left without one to take it, so it is not written; the file read, moved to %2, still holds it.</source>
        <translation>窗口还保存着回复的待定时间 %1，即那个文件被重新生成（不含它）之前读到的占位时间。此后已存储了新的时间，聊天中也没有缺少时间的回复可以接受它，因此它不会写入；读取的那个文件已移到 %2，其中仍保存着它。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The window also holds the reply&apos;s pending time %1, its placeholder read before that file was made without it. Times were stored since and no reply in the chat is left without one to take it, so it is not written: no file will hold it.</source>
        <translation>窗口还保存着回复的待定时间 %1，即那个文件被重新生成（不含它）之前读到的占位时间。此后已存储了新的时间，聊天中也没有缺少时间的回复可以接受它，因此它不会写入：没有任何文件会保存它。</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>&amp;Save all the same</source>
        <translation>仍然保存(&amp;S)</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>&amp;Write all %n stored time(s) and its other entries</source>
        <translation>
            <numerusform>写入全部 %n 个存储时间及该文件的其他条目(&amp;W)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>&amp;Write back all %n stored time(s) at the old place</source>
        <translation>
            <numerusform>把全部 %n 个存储时间写回原处(&amp;W)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>&amp;Write back all %n stored time(s)</source>
        <translation>
            <numerusform>写回全部 %n 个存储时间(&amp;W)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>&amp;Write all %n stored time(s) under the old name</source>
        <translation>
            <numerusform>以原名称写入全部 %n 个存储时间(&amp;W)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>&amp;Write all %n stored time(s) over it</source>
        <translation>
            <numerusform>用全部 %n 个存储时间覆盖该文件(&amp;W)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+186"/>
        <source>Drop the stored times shown and show %1 as it is on disk now? This cannot be undone.</source>
        <translation>要放弃所显示的存储时间，改为显示 %1 在磁盘上现在的内容吗？此操作无法撤销。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Revert to the file on disk</source>
        <translation>恢复为磁盘上的文件(&amp;R)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Drop edits</source>
        <translation>放弃编辑(&amp;D)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Revert unsaved changes</source>
        <translation>放弃未保存的更改</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n of your unsaved edits no longer apply to the files as they are on disk now: %1. Drop them and show the files as they are? Cancel keeps every edit, shown on the files as last read.</source>
        <translation>
            <numerusform>有 %n 处未保存的修改已不适用于磁盘上现在的文件：%1。要丢弃它们并显示文件现在的内容吗？选择“取消”则保留每处修改，并显示上次读取时的文件。</numerusform>
        </translation>
    </message>
    <message>
        <location line="-388"/>
        <source>Timestamp file read-only</source>
        <translation>时间戳文件只读</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is read-only: Save does not write over it. Save it elsewhere?</source>
        <translation>%1 是只读的：保存不会覆盖它。要保存到别处吗？</translation>
    </message>
    <message>
        <location line="-225"/>
        <source>Timestamp file made anew</source>
        <translation>时间戳文件已重新创建</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 was made anew on disk, with other times than the window holds (or without some of them). Write every stored time the window shows, with the entries the new file adds for other messages (that file kept as a backup), save them elsewhere, or write nothing?</source>
        <translation>%1 已在磁盘上重新创建，其中的时间与窗口持有的不同（或缺少其中一些）。要写入窗口显示的每个存储时间，并附上新文件为其他消息添加的条目（该文件保留为备份），还是另存到别处，或者什么都不写？</translation>
    </message>
    <message>
        <location line="+385"/>
        <source>&amp;Write my edits over its entries</source>
        <translation>用我的修改覆盖文件中的这些条目(&amp;W)</translation>
    </message>
    <message>
        <location line="-403"/>
        <source>Discussion folder moved or deleted</source>
        <translation>讨论文件夹被移走或删除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The folder of %1 was moved or deleted on disk, the file with it. Write back every stored time the window shows (the folder made again), save them elsewhere, or write nothing?</source>
        <translation>%1 所在的文件夹在磁盘上被移走或删除，文件也随之消失。要写回窗口显示的全部存储时间（重新建立该文件夹）、另存到别处，还是什么都不写？</translation>
    </message>
    <message>
        <location line="+209"/>
        <source>Folder holds another discussion</source>
        <translation>文件夹里是另一个讨论</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The folder %2 now holds another discussion: %1 and the transcript beside it were both replaced by another chat&apos;s files. Save does not write this discussion&apos;s stored times there. Save them elsewhere?</source>
        <translation>文件夹 %2 里现在是另一个讨论：%1 和它旁边的聊天记录都被另一个聊天的文件替换了。保存不会把本讨论的存储时间写到那里。要另存到别处吗？</translation>
    </message>
    <message>
        <location line="-161"/>
        <source>Transcript is another chat</source>
        <translation>聊天记录已是另一个聊天</translation>
    </message>
    <message numerus="yes">
        <location line="+93"/>
        <source>Of that file&apos;s %n entries: %1 kept as they are, %2 replaced by the times the window shows, %3 left out (kept only in the backup).</source>
        <translation>
            <numerusform>该文件的 %n 个条目中：%1 个原样保留，%2 个被窗口显示的时间替换，%3 个未写入（仅保留在备份中）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+54"/>
        <source>&amp;Keep the file&apos;s times for them</source>
        <translation>保留文件中这些消息的时间(&amp;K)</translation>
    </message>
    <message numerus="yes">
        <location line="+406"/>
        <source>Drop your unsaved changes to %n stored time(s) and show %1 as saved? This cannot be undone.</source>
        <translation>
            <numerusform>要放弃对 %n 个存储时间的未保存更改，并显示已保存的 %1 吗？此操作无法撤销。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Drop your unsaved edits? This cannot be undone.</source>
        <translation>要放弃未保存的编辑吗？此操作无法撤销。</translation>
    </message>
    <message>
        <location line="-604"/>
        <source>%1 on disk is now another file: none of its entries is one this window read. Write every stored time the window shows over it, with its entries for this chat&apos;s messages (that file kept as a backup), save them elsewhere, or write nothing?</source>
        <translation>磁盘上的 %1 现在是另一个文件：其中没有一个条目是本窗口读取过的。要用窗口显示的所有存储时间覆盖它，并保留其中属于本聊天消息的条目（该文件保留为备份）、保存到别处，还是什么也不写？</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 changed on disk, and some of your unsaved edits no longer apply to it (the middleware wrote those messages meanwhile). Keep the file&apos;s times for them and write your other edits, write your edits over its entries, save them elsewhere, or write nothing? Either write keeps the file as it was as a backup.</source>
        <translation>%1 在磁盘上已更改，你的部分未保存编辑已不再适用（中间件在此期间写入了这些消息）。保留文件中这些消息的时间并写入你的其他编辑、用你的编辑覆盖文件中的条目、另存到别处，还是什么都不写？任一写入方式都会把原文件保留为备份。</translation>
    </message>
    <message>
        <location line="+204"/>
        <source>Recording is read-only</source>
        <translation>录制内容只读</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 lies in the recording %2: the recorder kept it as evidence of what went over the wire (the timestamp file as a request found it). Save never writes into a recording. Save the stored times shown elsewhere, outside it?</source>
        <translation>%1 位于录制内容 %2 中：录制器把它作为实际传输内容的证据保存（请求到达时时间戳文件的样子）。保存从不写入录制内容。要把显示的存储时间另存到录制内容之外吗？</translation>
    </message>
    <message>
        <location line="-199"/>
        <source>Save removes stored times</source>
        <translation>保存会删除已存储的时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Saving what the window shows would remove stored times %1 holds that none of your edits removed (an undo past a save takes back what was written); the middleware may have used them since. Keep them (the file&apos;s entries for those messages stay, your other edits written), remove them, save elsewhere, or write nothing?</source>
        <translation>保存窗口所显示的内容会删除 %1 中存有、却并非由您的编辑删除的存储时间（撤销到保存之前会收回已写入的内容）；中间件此后可能已经使用过这些时间。保留它们（文件中这些消息的条目保持不变，写入您的其他编辑）、删除它们、保存到别处，还是什么都不写？</translation>
    </message>
    <message numerus="yes">
        <location line="+151"/>
        <source>Save removes %n stored time(s) the file holds: %1.</source>
        <translation>
            <numerusform>保存会删除文件中存有的 %n 个存储时间：%1。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Keep them</source>
        <translation>保留它们(&amp;K)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Remove them</source>
        <translation>删除它们(&amp;R)</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The folder of %1 was moved on disk, to %3, and the folder %2 now holds another discussion. Save your edits into the discussion&apos;s file at its new place (merged with what the middleware wrote there since, that file kept as a backup), save them elsewhere, or write nothing? Nothing is written into %2.</source>
        <translation>%1 所在的文件夹已在磁盘上被移到 %3，而文件夹 %2 里现在是另一个讨论。要把您的编辑保存到新位置的讨论文件中（与中间件此后写入的内容合并，该文件另留备份），另存到别处，或者什么都不写？不会向 %2 写入任何内容。</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>That file also holds a reply&apos;s placeholder (the time reserved for a reply being generated) older than a time stored since: it belongs to no reply and is not written; the file kept as a backup keeps it.</source>
        <translation>那个文件还包含一个回复的占位时间（为正在生成的回复预留的时间），它早于此后存储的某个时间：它不属于任何回复，不会写入；作为备份保留的文件仍保存着它。</translation>
    </message>
    <message>
        <location line="+112"/>
        <source>Folder does not exist</source>
        <translation>文件夹不存在</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The folder of %1 does not exist. Save it elsewhere?</source>
        <translation>%1 所在的文件夹不存在。要保存到别处吗？</translation>
    </message>
    <message>
        <location line="-194"/>
        <source>The transcript %2 was replaced on disk by another chat while your edits were unsaved; the window still shows the chat it read. Save this discussion&apos;s stored times into %1 all the same, save them elsewhere, or write nothing?</source>
        <translation>在您的修改尚未保存时，聊天记录 %2 在磁盘上被另一个聊天替换；窗口仍显示它读取的聊天。仍要把这个讨论的存储时间保存到 %1、保存到别处，还是不写入任何内容？</translation>
    </message>
    <message>
        <location line="+353"/>
        <source>&amp;Write all the same</source>
        <translation>仍然写入(&amp;W)</translation>
    </message>
    <message>
        <location line="-66"/>
        <source>%1 changed on disk while this question was open: what it says is as of %2. Save works your answer out again on the file as it is when you answer, and says what it wrote.</source>
        <translation>此问题打开期间，%1 在磁盘上发生了变化：上面所述为 %2 时的情况。保存会按您回答时该文件的实际内容重新处理您的回答，并说明写入了什么。</translation>
    </message>
    <message>
        <location line="-504"/>
        <source>Open a timestamp file for %1</source>
        <translation>为 %1 打开时间戳文件</translation>
    </message>
    <message>
        <location line="+278"/>
        <location line="+375"/>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <location line="-444"/>
        <source>The transcript changed on disk while your edits were unsaved, and it and %1 may not belong together now: %2. Save your edits into %1 all the same, save them elsewhere, or write nothing?</source>
        <translation>在你的编辑尚未保存时，聊天记录在磁盘上发生了变化，它与 %1 现在可能不是配套的：%2。仍将编辑保存到 %1、保存到别处，还是什么都不写？</translation>
    </message>
    <message numerus="yes">
        <location line="+319"/>
        <source>%1 looks like another discussion&apos;s file: only %2 of its %n stored time(s) are for messages of this chat, and none at the time the window shows.</source>
        <translation>
            <numerusform>%1 看起来是另一个讨论的文件：它的 %n 个存储时间中只有 %2 个属于本对话的消息，且没有一个与窗口显示的时间相同。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>%1 looks like another discussion&apos;s file: none of its %n stored time(s) is a message of this chat.</source>
        <translation>
            <numerusform>%1 看起来是另一个讨论的文件：它的 %n 个存储时间中没有一个属于本对话的消息。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Write this discussion&apos;s stored times over it (that file kept as a backup), or write nothing?</source>
        <translation>用本讨论的存储时间覆盖它（该文件保留为备份），还是什么都不写？</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Another discussion&apos;s file</source>
        <translation>另一个讨论的文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Write over it</source>
        <translation>覆盖它(&amp;W)</translation>
    </message>
    <message>
        <location line="-216"/>
        <source>That file&apos;s own placeholder (the time reserved for the reply being generated), %1, is kept: Save writes it as it is.</source>
        <translation>那个文件自己的占位时间（为正在生成的回复预留的时间）%1 会保留：保存会原样写入它。</translation>
    </message>
    <message>
        <location line="+279"/>
        <source>&amp;Save, then reload</source>
        <translation>保存后重新加载(&amp;S)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Discard and reload</source>
        <translation>放弃并重新加载(&amp;D)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Save, then open</source>
        <translation>保存后打开(&amp;S)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Discard and open</source>
        <translation>放弃并打开(&amp;D)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Save, then quit</source>
        <translation>保存后退出(&amp;S)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Discard and quit</source>
        <translation>放弃并退出(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save, then close</source>
        <translation>保存后关闭(&amp;S)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Discard and close</source>
        <translation>放弃并关闭(&amp;D)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save before reloading?</source>
        <translation>重新加载前要先保存吗？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save before opening the other files?</source>
        <translation>打开其他文件前要先保存吗？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save before quitting?</source>
        <translation>退出前要先保存吗？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save before closing?</source>
        <translation>关闭前要先保存吗？</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>orphan %1</source>
        <translation>孤立条目 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 removed</source>
        <translation>%1 已删除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 set to %2</source>
        <translation>%1 设为 %2</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>and %n more</source>
        <translation>
            <numerusform>另有 %n 处</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>You have %n unsaved change(s) to a stored time of %1: %2.</source>
        <translation>
            <numerusform>您对 %1 的存储时间有 %n 处未保存的修改：%2。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 on disk is now another chat, so Save first asks where to write this discussion&apos;s stored times (into its file all the same, or elsewhere).</source>
        <translation>磁盘上的 %1 现在是另一个聊天，因此保存会先询问把这个对话的存储时间写到哪里（仍写入它的文件，或写到别处）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The transcript and the timestamp file may not belong together now, so Save first asks whether to save into that file all the same.</source>
        <translation>聊天记录和时间戳文件现在可能不配套，因此保存会先询问是否仍要保存到那个文件。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The folder now holds another discussion, so Save first asks where to save.</source>
        <translation>文件夹现在存放的是另一个对话，因此保存会先询问要保存到哪里。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The file changed on disk, so Save first asks how to write them.</source>
        <translation>文件在磁盘上已更改，因此保存会先询问如何写入它们。</translation>
    </message>
    <message numerus="yes">
        <location line="+27"/>
        <source>The window holds %n stored time(s) that %1 no longer holds at its place on disk: it was moved to %2. Discarding drops what is unsaved; the file read is %2 now.</source>
        <translation>
            <numerusform>窗口中有 %n 个存储时间，%1 在磁盘原位置已不再保存：它已被移动到 %2。放弃会丢掉未保存的内容；读取的文件现在是 %2。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>The window holds %n stored time(s) that %1 on disk does not hold as shown (it was deleted, replaced or written anew there). Discarding leaves them in no file.</source>
        <translation>
            <numerusform>窗口中有 %n 个存储的时间，磁盘上的 %1 并未按所显示的保存（它在那里被删除、替换或重新写入）。放弃则它们不会留在任何文件中。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>The window holds %n stored time(s) that %1 on disk does not hold as shown (it was deleted, replaced or written anew there), and your unsaved edits. Discarding leaves them in no file.</source>
        <translation>
            <numerusform>窗口中有 %n 个存储的时间，磁盘上的 %1 并未按所显示的保存（它在那里被删除、替换或重新写入），另有您未保存的修改。放弃则它们不会留在任何文件中。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+75"/>
        <source>&amp;Drop them and reload</source>
        <translation>丢弃它们并重新加载(&amp;D)</translation>
    </message>
</context>
<context>
    <name>OptionsMenu</name>
    <message>
        <location filename="../../timeline_app/gui/menus/options.py" line="+79"/>
        <source>&amp;Options</source>
        <translation>选项(&amp;O)</translation>
    </message>
    <message>
        <location line="-46"/>
        <source>CST &amp;variant</source>
        <translation>CST 变体(&amp;V)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>time: … 周X (default)</source>
        <translation>time: … 周X（默认）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>[date 周X HH:MM] on gaps (oldest)</source>
        <translation>间隔之后加 [日期 周X HH:MM]（最早版本）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time: … (no weekday)</source>
        <translation>time: …（不带星期）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;time&gt;…&lt;/time&gt; (newest)</source>
        <translation>&lt;time&gt;…&lt;/time&gt;（最新版本）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Brace sentinels</source>
        <translation>花括号替代标记(&amp;B)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Current (2026-03-29 on)</source>
        <translation>当前（2026-03-29 起）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Legacy |{{| |}}|</source>
        <translation>旧版 |{{| |}}|</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Client &amp;API</source>
        <translation>客户端 API(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Detect from the file</source>
        <translation>根据文件判断</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;SillyTavern content as sent</source>
        <translation>SillyTavern 实际发送的内容(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Best match with the timestamp file</source>
        <translation>与时间戳文件最吻合的方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Character names: %1</source>
        <translation>角色名称：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add &amp;User:/Assistant: prefixes</source>
        <translation>添加“User:/Assistant:”前缀(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add missing assistant &amp;generator</source>
        <translation>补上缺失的助手生成提示(&amp;G)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>User messages wrapped in &amp;quotes</source>
        <translation>用户消息加引号(&amp;Q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Same-role messages &amp;merged</source>
        <translation>合并相同角色的连续消息(&amp;M)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>CST display &amp;zone…</source>
        <translation>CST 显示时区(&amp;Z)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Middleware&apos;s time zone…</source>
        <translation>中间件时区(&amp;M)…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>&amp;Reset options to defaults</source>
        <translation>将选项恢复为默认值(&amp;R)</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>CST display zone</source>
        <translation>CST 显示时区</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Middleware&apos;s time zone</source>
        <translation>中间件时区</translation>
    </message>
    <message>
        <location line="-78"/>
        <source>Group-&amp;chat commit (reply stored at once)</source>
        <translation>群聊即时提交（回复立即存储）(&amp;C)</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>The zone of the middleware&apos;s times without one. None named: the offset the transcript&apos;s own times show beside the stored ones, else this machine&apos;s zone.</source>
        <translation>中间件不带时区的时间所用的时区。未指定时：用聊天记录自带的时间与存储时间之间的偏移；没有这种偏移时，用本机时区。</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>the offset the transcript&apos;s own times show beside the stored ones, else this machine&apos;s zone</source>
        <translation>聊天记录自带的时间与存储时间之间的偏移；没有时用本机时区</translation>
    </message>
</context>
<context>
    <name>PairingDoubts</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/wording.py" line="+265"/>
        <source>None of the %n entries of %2 matches a message: is this the transcript&apos;s own file, and do the options match the middleware&apos;s?</source>
        <translation>
            <numerusform>%2 的 %n 个条目都没有对应的消息。这是该聊天记录自己的时间戳文件吗？选项与中间件的设置一致吗？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>None of the %n entries of the file matches a message: is this the transcript&apos;s own file, and do the options match the middleware&apos;s?</source>
        <translation>
            <numerusform>文件的 %n 个条目都没有对应的消息。这是该聊天记录自己的时间戳文件吗？选项与中间件的设置一致吗？</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PreviewPane</name>
    <message>
        <location filename="../../timeline_app/gui/panels/preview.py" line="+76"/>
        <source>… (cut here for display; Copy and Export have everything)</source>
        <translation>…（仅显示到此处；复制和导出包含全部内容）</translation>
    </message>
    <message>
        <location line="+148"/>
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
        <location line="+25"/>
        <source>Paste a node&apos;s systemPrompt here to see %1 filled in</source>
        <translation>在此粘贴节点的 systemPrompt，查看填入 %1 后的结果</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Copy fi&amp;lled prompt</source>
        <translation>复制填好的提示词(&amp;L)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>systemPrompt template</source>
        <translation>systemPrompt 模板</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>No preview: %1</source>
        <translation>无法预览：%1</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>No preview yet.</source>
        <translation>暂无预览。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>(empty: no stored time parses)</source>
        <translation>（空：没有可解析的存储时间）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>an orphan entry %1… that no message has (%2)</source>
        <translation>孤立条目 %1…，没有任何消息对应它（%2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>#%1, given the window&apos;s pending reply time (%2) only if Save writes it: the timestamp file on disk no longer holds it</source>
        <translation>#%1，只有保存写入后才会得到窗口中回复的待定时间（%2）：磁盘上的时间戳文件已不再包含它</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>#%1, stored by the next request (%2)</source>
        <translation>#%1，由下一次请求存储（%2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>#%1 (%2)</source>
        <translation>#%1（%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Measured from the timestamp file as it is (the CST style runs no WilmerAI tracking), over every stored time but the placeholder, orphans too: earliest %1, latest %2.</source>
        <translation>按时间戳文件的现状计算（CST 前缀样式不运行 WilmerAI 的记录步骤），统计除占位时间外的所有存储时间（包括孤立条目）：最早为 %1，最晚为 %2。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Measured after the next request&apos;s tracking, over every stored time but the placeholder, orphans too, as WilmerAI does: earliest %1, latest %2.</source>
        <translation>与 WilmerAI 一样，在下一次请求记录时间之后计算，统计除占位时间外的所有存储时间（包括孤立条目）：最早为 %1，最晚为 %2。</translation>
    </message>
    <message numerus="yes">
        <location line="+49"/>
        <source>Showing messages %1 to %2 of %n; the JSON view, Copy and Export have all of them.</source>
        <translation>
            <numerusform>共 %n 条消息，这里显示第 %1 到第 %2 条；JSON 视图、复制和导出包含全部消息。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Showing the newest %1 of %n message(s); the JSON view, Copy and Export have all of them.</source>
        <translation>
            <numerusform>共 %n 条消息，这里只显示最新的 %1 条；JSON 视图、复制和导出包含全部消息。</numerusform>
        </translation>
    </message>
    <message>
        <location line="-17"/>
        <source>(no role)</source>
        <translation>（无角色）</translation>
    </message>
    <message>
        <location line="+116"/>
        <source>injected by the middleware</source>
        <translation>由中间件注入</translation>
    </message>
    <message numerus="yes">
        <location line="+88"/>
        <source>Copied the preview&apos;s JSON (%n message(s))</source>
        <translation>
            <numerusform>已复制预览的 JSON（%n 条消息）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Exported the preview to %1</source>
        <translation>已将预览导出到 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Copy or export failed: %1</source>
        <translation>复制或导出失败：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Export preview</source>
        <translation>导出预览</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>JSON (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <location line="-582"/>
        <source>Out of date: the preview is being made again for the style, time and files chosen. Copy and Export wait for it.</source>
        <translation>已过时：正在按所选的样式、时间和文件重新生成预览。复制和导出会等它生成完毕。</translation>
    </message>
    <message>
        <location line="+207"/>
        <source>The preview is being made again; done when it is ready</source>
        <translation>正在重新生成预览；生成完毕后即执行</translation>
    </message>
    <message>
        <location line="+341"/>
        <source>Not exported to %1: the style changed while the preview was being made.</source>
        <translation>未导出到 %1：生成预览期间样式已改变。</translation>
    </message>
    <message>
        <location line="-258"/>
        <source>The earliest and the latest are after now: WilmerAI counts a time in the future as no time and words each as &quot;less than a minute&quot; ago.</source>
        <translation>最早和最晚的时间都晚于当前时间：WilmerAI 把未来的时间当作零，两者都表述为“不到一分钟”前。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The latest is after now: WilmerAI counts a time in the future as no time and words it as &quot;less than a minute&quot; ago.</source>
        <translation>最晚的时间晚于当前时间：WilmerAI 把未来的时间当作零，表述为“不到一分钟”前。</translation>
    </message>
</context>
<context>
    <name>Problem</name>
    <message>
        <location filename="../../timeline_app/core/words.py" line="-103"/>
        <source>cannot read the time {0!r}: use YYYY-MM-DD HH:MM:SS or ISO 8601</source>
        <translation>无法识别时间 {0!r}：请使用 YYYY-MM-DD HH:MM:SS 或 ISO 8601 格式</translation>
    </message>
    <message>
        <location line="-50"/>
        <source>neither a chat body (messages) nor a completion (prompt)</source>
        <translation>既不是聊天请求体（messages），也不是补全请求（prompt）</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>the body is not JSON ({0}: line {1} column {2} (char {3}))</source>
        <translation>请求体不是合法的 JSON，第 {1} 行第 {2} 列附近：{0}（偏移量 {3}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the body is not a JSON object</source>
        <translation>请求体不是 JSON 对象</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>the body ({0:,} bytes) was too large to record</source>
        <translation>请求体（{0:,} 字节）太大，没有录制下来</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>cannot be created ({0})</source>
        <translation>无法创建（{0}）</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>cannot be listed ({0})</source>
        <translation>无法列出内容（{0}）</translation>
    </message>
    <message>
        <location line="-128"/>
        <source>cannot be read ({0})</source>
        <translation>无法读取（{0}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot be written ({0})</source>
        <translation>无法写入（{0}）</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>message {0}: content is {1}, expected text or parts</source>
        <translation>消息 {0}：content 应为文本或片段列表，实际是{1}</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>the timestamp file copy is missing from the recording</source>
        <translation>录制中缺少时间戳文件的副本</translation>
    </message>
    <message>
        <location line="-95"/>
        <source>is empty</source>
        <translation>是空文件</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>is encrypted; give the API key (and username, if one is set)</source>
        <translation>已加密；请提供 API 密钥（如果设置了用户名，也请一并提供）</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>is a folder, expected a {0}</source>
        <translation>是文件夹，这里需要 {0} 文件</translation>
    </message>
    <message>
        <location line="-97"/>
        <source>is a folder, expected a timestamp file</source>
        <translation>是文件夹，这里需要时间戳文件</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>is a folder, expected a transcript file</source>
        <translation>是文件夹，这里需要聊天记录文件</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>message {0}: &apos;images&apos; must be a list of strings</source>
        <translation>消息 {0}：“images”应为字符串列表</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>message {0}: an image reference is {1}, expected text</source>
        <translation>消息 {0}：图片引用应为文本，实际是{1}</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>message {0}: an image part&apos;s &apos;source&apos; must be an object</source>
        <translation>消息 {0}：图片片段的“source”应为对象</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>message {0}: &apos;image_url&apos; must be an object with a &apos;url&apos;</source>
        <translation>消息 {0}：“image_url”应为带有“url”的对象</translation>
    </message>
    <message>
        <location line="-50"/>
        <source>line {0}, column {1}: {2}</source>
        <translation>第 {0} 行第 {1} 列附近：{2}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not valid JSON at column {0}: {1}</source>
        <translation>不是合法的 JSON，第 {0} 列附近：{1}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>expected an object, found {0}</source>
        <translation>应为 JSON 对象，实际是{0}</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>not UTF-8 text</source>
        <translation>不是 UTF-8 文本</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&quot;messages&quot;</source>
        <translation>“messages”字段</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>message {0} must be an object, found {1}</source>
        <translation>消息 {0} 应为 JSON 对象，实际是{1}</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>message {0}: expected an object, got {1}</source>
        <translation>消息 {0}：应为 JSON 对象，实际是{1}</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>holds a JSON object that is neither a chat request (no &quot;messages&quot; list) nor a message (no &quot;role&quot;)</source>
        <translation>包含的 JSON 对象既不是聊天请求（没有“messages”列表），也不是单条消息（没有“role”）</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>nothing to open: give a transcript, a timestamp file, or both</source>
        <translation>没有可打开的内容：请指定聊天记录、时间戳文件，或两者都指定</translation>
    </message>
    <message>
        <location line="+127"/>
        <source>is not a folder</source>
        <translation>不是文件夹</translation>
    </message>
    <message>
        <location line="-106"/>
        <source>{0} must be a list of messages, found {1}</source>
        <translation>{0}应为消息列表，实际是{1}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>not a recording (its first line is not a recorder record)</source>
        <translation>不是录制文件（第一行不是录制器的记录）</translation>
    </message>
    <message>
        <location line="+101"/>
        <source>is not a folder (the DiscussionIds root must exist)</source>
        <translation>不是文件夹（DiscussionIds 根目录必须存在）</translation>
    </message>
    <message>
        <location line="-103"/>
        <source>not a transcript this version reads (its JSON is {0})</source>
        <translation>不是本版本能读取的聊天记录（其 JSON 内容是{0}）</translation>
    </message>
    <message>
        <location line="-20"/>
        <source>not valid JSON at {0}</source>
        <translation>不是合法的 JSON，{0}</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>not a {0} file (its JSON is {1})</source>
        <translation>不是 {0} 格式的文件（其 JSON 内容是{1}）</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>is not a folder (give the recorder&apos;s --out folder)</source>
        <translation>不是文件夹（请指定录制器的 --out 文件夹）</translation>
    </message>
    <message>
        <location line="-59"/>
        <source>line {0}: not a SillyTavern message (no &apos;mes&apos;)</source>
        <translation>第 {0} 行：不是 SillyTavern 消息（没有“mes”字段）</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>message {0}: content holds text that is not valid Unicode</source>
        <translation>消息 {0}：content 里有无效的 Unicode 文本</translation>
    </message>
    <message>
        <location line="-65"/>
        <source>is not a UTF-8 text file (bad byte at offset {0})</source>
        <translation>不是 UTF-8 文本文件（偏移量 {0} 处有无效字节）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>holds no readable message</source>
        <translation>没有可读取的消息</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>no chat with id or index {0!r} (it holds {1:,})</source>
        <translation>没有 ID 或序号为 {0!r} 的聊天（文件里共有 {1:,} 段）</translation>
    </message>
    <message>
        <location line="-85"/>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>no request with id or index {0!r} (it holds {1:,})</source>
        <translation>没有 ID 或序号为 {0!r} 的请求（文件里共有 {1:,} 个）</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>holds no whole request record</source>
        <translation>没有一条完整的请求记录</translation>
    </message>
    <message>
        <location line="-20"/>
        <source>internal[{0}] must be a [user, bot] row (optionally with tool output and metadata)</source>
        <translation>internal[{0}] 应为 [user, bot] 形式的一行（可附带工具输出和元数据）</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>would be written outside the DiscussionIds root {0}; nothing written</source>
        <translation>会被写到 DiscussionIds 根目录 {0} 之外；未写入任何内容</translation>
    </message>
    <message>
        <location line="-74"/>
        <source>message {0}: a text part&apos;s &apos;text&apos; is {1}, expected text</source>
        <translation>消息 {0}：文本片段的“text”应为文本，实际是{1}</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>is a prompt completion ({0}); only chat requests open as a conversation</source>
        <translation>是提示词补全请求（{0}）；只有聊天请求才能作为对话打开</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>{0} request {1}</source>
        <translation>{0} 中的请求 {1}</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>leg must be one of {0}</source>
        <translation>链路只能是{0}</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>{0} line {1}</source>
        <translation>{0} 第 {1} 行</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{0}: line {1} column {2} (char {3})</source>
        <translation>不是合法的 JSON，第 {1} 行第 {2} 列附近：{0}（偏移量 {3}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not a {0} record</source>
        <translation>不是 {0} 格式的记录</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{0} is missing</source>
        <translation>缺少{0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0} has no zone</source>
        <translation>{0}没有时区</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>a response to no recorded request</source>
        <translation>这条回复找不到对应的已录制请求</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>unfinished record (the recorder stopped mid-write)</source>
        <translation>记录不完整（录制器写到一半就停止了）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unknown record kind {0!r}</source>
        <translation>未知的记录类型 {0!r}</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>message {0}: the middleware refuses this request (400: {1!r})</source>
        <translation>消息 {0}：中间件会拒绝这个请求（400：{1!r}）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>message {0}: role is {1}, expected text</source>
        <translation>消息 {0}：role 应为文本，实际是{1}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the stored value for {0} is {1}, not text; the middleware itself crashes on this file in the absolute style</source>
        <translation>{0} 的存储值是{1}，不是文本；在绝对时间样式下，中间件本身读到这个文件就会崩溃</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>a timestamp file holds a JSON object, this one holds {0}</source>
        <translation>时间戳文件应包含一个 JSON 对象，而这个文件包含的是{0}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{0}; the middleware cannot read it either, so every request of this discussion fails until it is fixed: restore it from a backup, or remove it (the next request then starts a new file and invents times for the messages so far)</source>
        <translation>{0}；中间件也无法读取它，因此在修好之前，这个讨论的每个请求都会失败：请从备份恢复它，或将它删除（下一个请求会新建文件，并为已有的消息编造时间）</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>the file</source>
        <translation>文件内容</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>was too large to record ({0:,} bytes)</source>
        <translation>太大，没有录制下来（{0:,} 字节）</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>cannot be used: the inspector met an error it did not foresee (details on stderr)</source>
        <translation>无法使用：检查器遇到了意料之外的错误（详情见标准错误输出）</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>the time {0!r} is too near the calendar&apos;s ends (years 1 and 9999) to convert between zones</source>
        <translation>时间 {0!r} 太接近日历的两端（公元 1 年和 9999 年），无法在时区之间换算</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>unknown {0} {1!r} (one of: {2})</source>
        <translation>未知的{0} {1!r}（可选值：{2}）</translation>
    </message>
    <message>
        <location line="-20"/>
        <source>unknown time zone {0!r} (use an IANA name like Europe/Berlin)</source>
        <translation>未知时区 {0!r}（请使用 IANA 名称，例如 Europe/Berlin）</translation>
    </message>
    <message>
        <location line="-58"/>
        <source>message {0!r} is its own ancestor (a loop in parentId)</source>
        <translation>消息 {0!r} 是它自己的祖先（parentId 形成了循环）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>currentId/parentId names a missing message {0!r}</source>
        <translation>currentId/parentId 指向不存在的消息 {0!r}</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>chat.history.messages must be an object</source>
        <translation>chat.history.messages 应为对象</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>cannot be decrypted with this API key (or username)</source>
        <translation>无法用这个 API 密钥（或用户名）解密</translation>
    </message>
    <message>
        <location line="+112"/>
        <source>this machine&apos;s time zone (TZ={0!r}) is a day or more from UTC, which no clock is; name the middleware&apos;s zone (--tz)</source>
        <translation>本机时区（TZ={0!r}）与 UTC 相差一天或更多，没有哪个时钟会这样；请指定中间件的时区（--tz）</translation>
    </message>
    <message>
        <location line="-119"/>
        <source>lies in the recording {0}, evidence of what went over the wire, which is never written: write outside that folder; nothing written</source>
        <translation>位于录制内容 {0} 中，它是实际传输内容的证据，从不写入：请写到该文件夹之外；未写入任何内容</translation>
    </message>
    <message>
        <location line="+113"/>
        <source>{0!r} names a day but no time of day: give it as YYYY-MM-DD HH:MM:SS</source>
        <translation>{0!r} 只有日期，没有具体时刻：请按 YYYY-MM-DD HH:MM:SS 输入</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{0!r} says {1}, but that date is a {2}: which one is meant?</source>
        <translation>{0!r} 写的是 {1}，但该日期是 {2}：到底是哪一个？</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>does not exist (a new discussion&apos;s folder is made only in a writable DiscussionIds folder); nothing written</source>
        <translation>不存在（新讨论的文件夹只会在可写的 DiscussionIds 文件夹中创建）；未写入任何内容</translation>
    </message>
</context>
<context>
    <name>Progress</name>
    <message>
        <location filename="../../timeline_app/gui/panels/status.py" line="+31"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>%1: %2</source>
        <comment>the file being read, then what is done with it</comment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>ProposalsModel</name>
    <message>
        <location filename="../../timeline_app/gui/panels/repair.py" line="+72"/>
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
        <location line="+108"/>
        <source>(untracked)</source>
        <translation>（未记录）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>orphan %1</source>
        <translation>孤立条目 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>from the transcript&apos;s own time</source>
        <translation>取自聊天记录中的时间</translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <location filename="../../timeline_app/gui/menus/language.py" line="-27"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drive</source>
        <translation>驱动器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Alias</source>
        <translation>替身</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shortcut</source>
        <translation>快捷方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <location line="-8"/>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>ReadOnlyTableModel</name>
    <message>
        <location filename="../../timeline_app/gui/tables/base.py" line="+62"/>
        <source>, </source>
        <comment>between the items of a list</comment>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>Reason</name>
    <message>
        <location filename="../../timeline_app/core/words.py" line="-229"/>
        <source>{0} (ambiguous: {1:#orphan|orphans}, {2:#message|messages})</source>
        <translation>{0}（不确定：{1} 个孤立条目，{2} 条消息）</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>consecutive messages merged with a blank line</source>
        <translation>相邻消息以空行合并</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>line endings (\r\n)</source>
        <translation>换行符（\r\n）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>echoed timestamp cleaned up</source>
        <translation>回显的时间戳已被清除</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>image-only rule (images folded in)</source>
        <translation>纯图片规则（计入图片）</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>image-only rule (images left out)</source>
        <translation>纯图片规则（不计入图片）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>position, in order: {0:#untracked message|untracked messages} and {1:#orphan time|orphan times} between the same neighbours</source>
        <translation>位置，按顺序：同一对已记录消息之间有 {0} 条未记录消息和 {1} 个孤立条目</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>line endings (\r\n vs \n)</source>
        <translation>换行符（\r\n 与 \n）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>messages merged after tracking</source>
        <translation>记录时间之后消息被合并</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>older brace sentinels</source>
        <translation>旧版的花括号替代标记</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>position: the only untracked message and the only orphan time between the same tracked neighbours (an edited message?)</source>
        <translation>位置：同一对已记录消息之间只有这一条未记录消息和这一个孤立条目（消息被编辑过？）</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>{0} + {1}</source>
        <translation>{0} + {1}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>surrounding whitespace (or a moved discussion-id tag): hashed as {0!r} + text + {1!r}</source>
        <translation>首尾空白（或移动过的对话 ID 标签）：按 {0!r} + 正文 + {1!r} 计算哈希</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>reply hashed with real braces</source>
        <translation>回复按原本的花括号计算哈希</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>hashing scheme (role + content)</source>
        <translation>哈希方式（角色 + 内容）</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>User:/Assistant: prefix setting</source>
        <translation>“User:/Assistant:”前缀设置</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>end of a legacy backfill run: its time is when the middleware first saw the chat ({0} after the message&apos;s own time)</source>
        <translation>旧版回填序列的末尾：它的时间是中间件第一次看到这段聊天的时间（比这条消息在聊天记录中的时间晚 {0}）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>legacy backfill run: the transcript&apos;s own time replaces the invented one</source>
        <translation>旧版回填序列：用聊天记录中的时间替换推算出的时间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>legacy backfill run: the transcript&apos;s own time replaces the invented one (but it is later than the run&apos;s real end: check the zone)</source>
        <translation>旧版回填序列：用聊天记录中的时间替换推算出的时间（但它晚于该序列真正的结尾：请检查时区）</translation>
    </message>
    <message>
        <location line="-39"/>
        <source>speaker prefix &apos;{0}: &apos;</source>
        <translation>发言者前缀“{0}: ”</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>speaker prefix removed</source>
        <translation>去掉了发言者前缀</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unicode form ({0})</source>
        <translation>Unicode 规范化形式（{0}）</translation>
    </message>
</context>
<context>
    <name>RecordingsModel</name>
    <message>
        <location filename="../../timeline_app/gui/tables/recordings.py" line="+26"/>
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
        <location line="+12"/>
        <source>%1 streamed</source>
        <translation>%1（流式）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 (cut: %2)</source>
        <translation>%1（中断：%2）</translation>
    </message>
    <message>
        <location line="+140"/>
        <source>(recorder&apos;s clock, %1)</source>
        <translation>（录制端时钟，%1）</translation>
    </message>
    <message numerus="yes">
        <location line="+93"/>
        <source>… and %n more unreadable line(s)</source>
        <translation>
            <numerusform>……还有 %n 行无法读取</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>lines %1-%2: %3</source>
        <translation>第 %1-%2 行：%3</translation>
    </message>
    <message>
        <location line="-242"/>
        <source>%1 (cut)</source>
        <translation>%1（中断）</translation>
    </message>
    <message>
        <location line="+166"/>
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
        <location line="+32"/>
        <source>%1 B (not kept)</source>
        <translation>%1 B（未保留）</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n 个请求</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>%n unreadable line(s)</source>
        <translation>
            <numerusform>%n 行无法读取</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../timeline_app/gui/wording.py" line="-192"/>
        <source>client</source>
        <comment>the recorder&apos;s leg between the front end and the middleware</comment>
        <translation>客户端</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>model</source>
        <comment>the recorder&apos;s leg between the middleware and the model</comment>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../timeline_app/gui/panels/recordings.py" line="+250"/>
        <location filename="../../timeline_app/gui/tables/recordings.py" line="-63"/>
        <source>request %1 · %2</source>
        <translation>请求 %1 · %2</translation>
    </message>
</context>
<context>
    <name>RecordingsPanel</name>
    <message>
        <location line="-93"/>
        <source>Open a recordings folder (the recorder&apos;s --out folder) from the File menu.</source>
        <translation>请从“文件”菜单打开录制文件夹（录制器的 --out 文件夹）。</translation>
    </message>
    <message>
        <location line="+107"/>
        <source>%1 %2</source>
        <comment>a column&apos;s header and its value</comment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Open recordings folder (the recorder&apos;s --out)</source>
        <translation>打开录制文件夹（录制器的 --out）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Reading %1 …</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message numerus="yes">
        <location line="+30"/>
        <source>%n discussion(s), %1 in %2 (following it live)</source>
        <translation>
            <numerusform>%2 中有 %n 个对话、%1（实时跟踪中）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%n unreadable line(s) skipped: the marked discussions&apos; tooltips say which.</source>
        <translation>
            <numerusform>已跳过 %n 行无法读取的内容：带标记的对话的提示中写明是哪几行。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+57"/>
        <source>%1: no copy of the timestamp file was kept with it (record the client leg with --discussions ROOT); it opens with the discussion&apos;s file as it is now, if the DiscussionIds folder is open.</source>
        <translation>%1：录制时没有保留时间戳文件的副本（录制客户端链路时请加上 --discussions ROOT）；如果已打开 DiscussionIds 文件夹，将使用该对话当前的时间戳文件打开。</translation>
    </message>
    <message>
        <location line="+43"/>
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
        <location line="+10"/>
        <source>not compared: %1</source>
        <translation>未比较：%1</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>%1 · %2 · %3 · request %4</source>
        <comment>a recorded request: discussion, leg, time, its number</comment>
        <translation>%1 · %2 · %3 · 第 %4 个请求</translation>
    </message>
    <message>
        <location line="-347"/>
        <source>Recordings: open the selected request</source>
        <translation>录制内容：打开选中的请求</translation>
    </message>
    <message>
        <location line="+307"/>
        <source>%1: no timestamp file at %2 when this request was recorded; it opens with the discussion&apos;s file as it is now, if the DiscussionIds folder is open.</source>
        <translation>%1：录制此请求时 %2 处没有时间戳文件；如果已打开 DiscussionIds 文件夹，将使用该对话当前的时间戳文件打开。</translation>
    </message>
</context>
<context>
    <name>RepairPanel</name>
    <message>
        <location filename="../../timeline_app/gui/panels/repair.py" line="+98"/>
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
        <source>&amp;Reject all</source>
        <translation>全部拒绝(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Apply accepted (undoable)</source>
        <translation>应用已接受的建议（可撤销）(&amp;A)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Low proposals are never accepted for you. Applying can be undone and writes nothing until you save.</source>
        <translation>低置信度的建议不会自动接受。应用可以撤销，保存之前不会写入任何内容。</translation>
    </message>
    <message>
        <location line="+230"/>
        <source>Looking for proposals …</source>
        <translation>正在查找修复建议…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The greyed rows below are the previous search&apos;s: press Find proposals.</source>
        <translation>下方灰色的行是上一次查找的结果：请点击“查找修复建议”。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No proposals: %1.</source>
        <translation>没有修复建议：%1。</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>Press Find proposals to look for stored times that untracked messages can get back. Low ones are never accepted for you; applying can be undone and writes nothing until you save.</source>
        <translation>点击“查找修复建议”，为未记录时间的消息找回存储的时间。低置信度的建议不会自动接受；应用可以撤销，保存之前不会写入任何内容。</translation>
    </message>
    <message>
        <location line="-243"/>
        <source>Remove orphans whose time was given bac&amp;k</source>
        <translation>删除时间已归还的孤立条目(&amp;K)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>These files &amp;belong together</source>
        <translation>这两个文件是配套的(&amp;B)</translation>
    </message>
    <message numerus="yes">
        <location line="+249"/>
        <source>The previous search&apos;s %n row(s), greyed below, cannot be ticked or applied.</source>
        <translation>
            <numerusform>下方灰色的 %n 行是上一次查找的结果，不能勾选，也不能应用。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>%n proposal(s), %1 accepted.</source>
        <translation>
            <numerusform>共 %n 条修复建议，已接受 %1 条。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>Applied %n proposal(s): those messages hold the times of the orphan entries they matched, and those entries were removed.</source>
        <translation>
            <numerusform>已应用 %n 条修复建议：这些消息取得了所匹配孤立条目的时间，这些孤立条目已删除。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Applied %n proposal(s): those messages hold the times of the orphan entries they matched, which stay in the file but no longer count as orphans.</source>
        <translation>
            <numerusform>已应用 %n 条修复建议：这些消息取得了所匹配孤立条目的时间；这些条目仍留在文件中，但不再算作孤立条目。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+27"/>
        <source>Repair: %n proposal(s)</source>
        <translation>
            <numerusform>修复：%n 条建议</numerusform>
        </translation>
    </message>
    <message>
        <location line="-54"/>
        <source>Checked at %1: these are current, found for the files as shown.</source>
        <translation>已于 %1 核对：这些建议是最新的，针对当前显示的文件找到。</translation>
    </message>
    <message>
        <location line="-271"/>
        <source>Re-anchor: replace the times an older middleware&apos;s backfill invented, one second apart, with the times the transcript records (the command line&apos;s --reanchor)</source>
        <translation>重新对齐：把旧版中间件回填时推算出的、逐秒相隔的时间，换成聊天记录中的时间（命令行选项 --reanchor）</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Synchroni&amp;ze legacy backfill runs to the transcript&apos;s own times</source>
        <translation>将旧版回填的逐秒序列重新对齐到聊天记录中的时间(&amp;Z)</translation>
    </message>
    <message>
        <location line="+281"/>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 The files may not belong together (%2): confirm before applying.</source>
        <translation>%1 这两个文件可能不是配套的（%2）：应用前请确认。</translation>
    </message>
</context>
<context>
    <name>ReplyNote</name>
    <message>
        <location filename="../../timeline_app/core/words.py" line="+509"/>
        <source>reply pending: placeholder = {0}; the next request gives this time to the reply once the chat holds it</source>
        <translation>回复待定：占位符 = {0}；聊天记录收到该回复后，下一次请求会把这个时间赋给它</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>reply pending: placeholder = {0}, but the chat moved on without the reply (message #{1} is newer than its last assistant message and not in the file): the next request gives the placeholder to no message and its time will be lost</source>
        <translation>回复待定：占位符 = {0}，但聊天记录在没有该回复的情况下继续了（消息 #{1} 比最后一条助手消息更新，且不在文件中）：下一次请求不会把占位符赋给任何消息，它的时间将丢失</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>reply pending as read: placeholder = {0}, but the timestamp file on disk no longer holds it (deleted, moved or made anew without it): the next request does not give it to message #{1}; only Save writes it</source>
        <translation>读取时回复有占位时间：{0}，但磁盘上的时间戳文件已不再包含它（被删除、移动，或被重新生成而不含它）：下一次请求不会把它给消息 #{1}；只有保存才会写入它</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>reply pending as read: placeholder = {0}, but the timestamp file on disk no longer holds it (deleted, moved or made anew without it): the next request does not give this time to the reply; only Save writes it</source>
        <translation>读取时回复有占位时间：{0}，但磁盘上的时间戳文件已不再包含它（被删除、移动，或被重新生成而不含它）：下一次请求不会把这个时间给回复；只有保存才会写入它</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>reply committed: {0}… = {1}, message #{2}: {3}</source>
        <translation>回复已提交：{0}… = {1}，消息 #{2}：{3}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>reply committed as {0}… = {1}, but the newest assistant message #{2} is not sent back the same ({3}): the next request gives it a new time and the committed entry becomes an orphan</source>
        <translation>回复已提交为 {0}… = {1}，但最新的助手消息 #{2} 发回时已不相同（{3}）。下一次请求会给它新的时间，已提交的条目将成为孤立条目</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the file looks like the default mode: a placeholder is pending after the reply (group-chat commit stores the reply at once)</source>
        <translation>时间戳文件看起来属于默认模式：回复之后有占位时间（群聊即时提交会立即存储回复）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the file looks like group-chat commit: the newest assistant message is the file&apos;s last entry and no placeholder is pending (the default mode leaves one after every reply)</source>
        <translation>时间戳文件看起来属于群聊即时提交：最新的助手消息是文件的最后一个条目，且没有占位时间（默认模式在每次回复后都会留下占位时间）</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>no known cause</source>
        <translation>没有已知原因</translation>
    </message>
    <message>
        <location line="-38"/>
        <source>reply pending: placeholder = {0}; the next request gives it to message #{1}</source>
        <translation>回复有占位时间：{0}。下一次请求会把它给消息 #{1}</translation>
    </message>
</context>
<context>
    <name>Role</name>
    <message>
        <location filename="../../timeline_app/gui/tables/timeline.py" line="-43"/>
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
        <source>system</source>
        <translation>系统</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tool</source>
        <translation>工具</translation>
    </message>
</context>
<context>
    <name>RowsView</name>
    <message>
        <location filename="../../timeline_app/gui/tables/base.py" line="+119"/>
        <source>yes</source>
        <comment>a ticked check box, copied</comment>
        <translation>是</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no</source>
        <comment>an unticked check box, copied</comment>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>Setting</name>
    <message>
        <location filename="../../timeline_app/core/words.py" line="-193"/>
        <source>missing assistant generator added</source>
        <translation>已补上缺失的助手生成提示</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>User:/Assistant: prefixes added</source>
        <translation>已添加“User:/Assistant:”前缀</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>client API: {0}</source>
        <translation>客户端 API：{0}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>client API</source>
        <translation>客户端 API</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>CST variant: {0}</source>
        <translation>CST 变体：{0}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>CST variant</source>
        <translation>CST 变体</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>CST zone: {0}</source>
        <translation>CST 时区：{0}</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>brace sentinels: {0}</source>
        <translation>花括号替代标记：{0}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>brace sentinels</source>
        <translation>花括号替代标记</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>SillyTavern: \r kept</source>
        <translation>SillyTavern：保留 \r</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>SillyTavern: same-role messages merged</source>
        <translation>SillyTavern：合并相同角色的连续消息</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>SillyTavern names: {0}</source>
        <translation>SillyTavern 名称：{0}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>SillyTavern names behaviour</source>
        <translation>SillyTavern 名称处理方式</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>SillyTavern: user messages quoted</source>
        <translation>SillyTavern：用户消息加引号</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>middleware zone: {0}</source>
        <translation>中间件时区：{0}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>group-chat commit (reply stored at once)</source>
        <translation>群聊即时提交（回复立即存储）</translation>
    </message>
</context>
<context>
    <name>SimulateDialog</name>
    <message>
        <location filename="../../timeline_app/gui/dialogs/simulate.py" line="-213"/>
        <source>Simulate the next request (backfill)</source>
        <translation>模拟下一次请求（回填）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>&amp;Simulate at this time</source>
        <translation>按此时间模拟(&amp;S)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>With the reply&apos;s &amp;placeholder (the whole file the request leaves)</source>
        <translation>包含回复的占位时间（即请求结束后的完整文件）(&amp;P)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Off: only the tracking step. On: also the %1 entry the responding node saves last, exactly the file the middleware leaves after the request.</source>
        <translation>关闭：只模拟记录时间这一步。开启：还包括响应节点最后保存的 %1 条目，与请求结束后中间件留下的文件完全一致。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Request time (&apos;now&apos; on the middleware&apos;s clock):</source>
        <translation>请求时间（中间件时钟上的“当前时间”）：</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The discussion changed since this simulation (its files were read again or edited): what is shown here is out of date; it is being simulated again.</source>
        <translation>模拟之后对话已有变化（文件被重新读取或被编辑）：这里显示的结果已经过时，正在重新模拟。</translation>
    </message>
    <message>
        <location line="+58"/>
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
        <translation>本次请求之前：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>After this request (hollow marks become stored times):</source>
        <translation>本次请求之后（空心标记变为存储的时间）：</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Timeline before / after</source>
        <translation>时间条前后对比</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Simulating the request at %1 …</source>
        <translation>正在模拟 %1 的请求…</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>(no change)</source>
        <translation>（无变化）</translation>
    </message>
    <message>
        <location line="+98"/>
        <source>The discussion changed since this simulation: simulate again.</source>
        <translation>模拟之后对话已有变化，请重新模拟。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Apply backfill simulation</source>
        <translation>应用回填模拟</translation>
    </message>
    <message>
        <location line="-109"/>
        <source>The request time is before the newest stored time (%1): the middleware&apos;s clock would go backwards.</source>
        <translation>请求时间早于最新的存储时间（%1）：中间件的时钟会倒退。</translation>
    </message>
    <message>
        <location line="-228"/>
        <source>With the model&apos;s &amp;reply (pasted below; the whole cycle)</source>
        <translation>包含模型的回复（粘贴在下方；完整的请求—回复过程）(&amp;R)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The file the middleware leaves once the reply is known: in the default mode the placeholder stays pending; with Options → Group-chat commit the reply is stored at once under its own hash, as the middleware returns it.</source>
        <translation>回复生成后中间件留下的文件。默认模式下占位时间保持不变；开启“选项 → 群聊即时提交”后，回复按中间件返回的内容立即以它自己的哈希存储。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>S&amp;treamed</source>
        <translation>流式输出(&amp;T)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The model&apos;s reply, exactly as it wrote it</source>
        <translation>模型的回复，与模型写出的内容完全一致</translation>
    </message>
    <message>
        <location line="+261"/>
        <source>The reply reaches the front end as “%1” and is stored at once (group-chat commit): %2… = %3. The next request keeps this time only if the front end sends it back exactly so.</source>
        <translation>回复以“%1”送达前端，并立即存储（群聊即时提交）：%2… = %3。只有前端原样发回它，下一次请求才会保留这个时间。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The reply reaches the front end as “%1”; its placeholder stays pending and the next request gives its time to the newest assistant message it carries (default mode).</source>
        <translation>回复以“%1”送达前端。它的占位时间保持不变，下一次请求会把这个时间给请求中最新的助手消息（默认模式）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The reply is empty: the placeholder is cleared and nothing is stored.</source>
        <translation>回复为空：占位时间被清除，不存储任何内容。</translation>
    </message>
    <message>
        <location line="-119"/>
        <source>{0} (now)</source>
        <translation>{0}（当前）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{0} (after this request)</source>
        <translation>{0}（本次请求之后）</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>Select a row to read what happens to it.</source>
        <translation>选中一行即可在此读到它的处理方式。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>#%1 %2: %3</source>
        <translation>#%1 %2：%3</translation>
    </message>
    <message>
        <location line="-144"/>
        <source>&amp;Apply to the file (undoable)</source>
        <translation>应用到文件（可撤销）(&amp;A)</translation>
    </message>
    <message>
        <location line="-76"/>
        <source>Simulate agai&amp;n</source>
        <translation>重新模拟(&amp;N)</translation>
    </message>
</context>
<context>
    <name>SimulationModel</name>
    <message>
        <location filename="../../timeline_app/gui/tables/simulation.py" line="+31"/>
        <source>Speaker</source>
        <translation>发言者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What happens</source>
        <translation>处理方式</translation>
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
    <name>SortMenu</name>
    <message>
        <location filename="../../timeline_app/gui/menus/sort.py" line="+23"/>
        <source>Sort &amp;by</source>
        <translation>排序方式(&amp;B)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Message &amp;number (#)</source>
        <translation>消息序号（#）(&amp;N)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Order in the &amp;file</source>
        <translation>文件中的顺序(&amp;F)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Ascending</source>
        <translation>升序(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Descending</source>
        <translation>降序(&amp;D)</translation>
    </message>
</context>
<context>
    <name>Stage</name>
    <message>
        <location filename="../../timeline_app/core/words.py" line="+159"/>
        <source>hashing {0:,} messages</source>
        <translation>正在计算 {0:,} 条消息的哈希</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>joining with the timestamp file</source>
        <translation>正在与时间戳文件关联</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>joining the new messages with the timestamp file</source>
        <translation>正在把新消息与时间戳文件关联</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>looking for the transcript beside the file</source>
        <translation>正在查找文件旁边的聊天记录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matching the transcript to the file</source>
        <translation>正在把聊天记录与文件对应起来</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>matching untracked messages to orphan times: {0:,} of {1:,}</source>
        <translation>正在为未记录时间的消息匹配孤立条目的时间：{0:,} / {1:,}</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>reading {0}</source>
        <translation>正在读取 {0}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>simulating the next request</source>
        <translation>正在模拟下一次请求</translation>
    </message>
</context>
<context>
    <name>Status</name>
    <message>
        <location filename="../../timeline_app/gui/panels/status.py" line="-685"/>
        <source>%1 (moved from %2)</source>
        <translation>%1（移自 %2）</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>%1 (its folder was moved: it is in %2 now; Follow the moved folder reads it there)</source>
        <translation>%1（其文件夹已被移动：现在位于 %2；“跟随移动后的文件夹”会在那里读取它）</translation>
    </message>
</context>
<context>
    <name>TimeDialog</name>
    <message>
        <location filename="../../timeline_app/gui/dialogs/edit_time.py" line="-168"/>
        <source>Edit stored time</source>
        <translation>编辑存储的时间</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Stored time of %1, on the middleware&apos;s clock (%2):</source>
        <translation>%1 这条消息存储的时间，按中间件的时钟（%2）：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 has no stored time. Give it one, on the middleware&apos;s clock (%2):</source>
        <translation>%1 这条消息没有存储的时间。按中间件的时钟（%2）给它一个：</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>YYYY-MM-DD HH:MM:SS, ISO 8601 with an offset, or the stored form (Saturday, …).</source>
        <translation>YYYY-MM-DD HH:MM:SS、带时区偏移的 ISO 8601，或存储的形式 (Saturday, …)。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Other messages with the same text share this time: they change with it.</source>
        <translation>其他内容相同的消息共用这个时间：它们会一起改变。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Store this time</source>
        <translation>存储此时间(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Remove stored time</source>
        <translation>移除存储的时间(&amp;R)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The message becomes untracked: the middleware&apos;s next request gives it a time</source>
        <translation>该消息变为未记录：中间件的下一次请求会给它一个时间</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Stored as %1</source>
        <translation>将存储为 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Earlier than the time stored before it, %1: the order breaks.</source>
        <translation>早于前面存储的时间 %1：顺序被打乱。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Later than the time stored after it, %1: the order breaks.</source>
        <translation>晚于后面存储的时间 %1：顺序被打乱。</translation>
    </message>
</context>
<context>
    <name>TimeForms</name>
    <message>
        <location filename="../../timeline_app/gui/wording.py" line="-37"/>
        <source>%1 ago</source>
        <comment>a relative time shortened: 8 d 14 h ago</comment>
        <translation>%1前</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt; 1 min ago</source>
        <comment>a relative time shortened: under a minute</comment>
        <translation>不到 1 分钟前</translation>
    </message>
</context>
<context>
    <name>TimelineStatus</name>
    <message>
        <location filename="../../timeline_app/gui/tables/timeline.py" line="-62"/>
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
        <translation>时间错序</translation>
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
    <message>
        <location line="+1"/>
        <source>future</source>
        <translation>晚于参照时间</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>out-of-order (stored time)</source>
        <translation>时间错序（按存储的时间）</translation>
    </message>
    <message>
        <location line="+155"/>
        <source>unsaved edit</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not on disk</source>
        <translation>不在磁盘上</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>only in %1</source>
        <translation>仅在 %1 中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>in the moved folder %1</source>
        <translation>在移动后的文件夹 %1 中</translation>
    </message>
    <message>
        <location line="-155"/>
        <source>time in message</source>
        <translation>消息自带时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no time in message</source>
        <translation>消息无时间</translation>
    </message>
    <message>
        <location line="+149"/>
        <source>differs on disk</source>
        <translation>与磁盘上的不同</translation>
    </message>
</context>
<context>
    <name>TimelineStrip</name>
    <message>
        <location filename="../../timeline_app/gui/strip/view.py" line="+66"/>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location line="+98"/>
        <source>Timeline strip</source>
        <translation>时间条</translation>
    </message>
    <message numerus="yes">
        <location line="+363"/>
        <source>zoomed ×%1: %n of %2 marks in view</source>
        <translation>
            <numerusform>已放大 ×%1：%2 个标记中 %n 个在视图内</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>×%1: %2/%3</source>
        <comment>zoomed: marks in view/all</comment>
        <translation>×%1：%2/%3</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Open a timestamp file or a transcript</source>
        <translation>打开时间戳文件或聊天记录</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No readable times to place: no stored value is a time</source>
        <translation>没有可读的时间可供标注：存储的值都不是时间</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>CST style: placed at the times the transcript records, which its prefix shows (not the timestamp file&apos;s)</source>
        <translation>CST 前缀样式：按聊天记录自带的时间排列，即前缀显示的时间（不是时间戳文件里的时间）</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>log scale</source>
        <translation>对数刻度</translation>
    </message>
    <message>
        <location line="+126"/>
        <source>pending reply</source>
        <translation>占位时间</translation>
    </message>
    <message>
        <location line="+209"/>
        <source>%1 × 1 s</source>
        <translation>%1 × 1 秒</translation>
    </message>
    <message>
        <location line="+255"/>
        <source>State %1 of the timestamp file&apos;s history: %2</source>
        <translation>时间戳文件历史的版本 %1：%2</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>no stored time</source>
        <translation>没有存储的时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (the transcript&apos;s own time, which the CST prefix shows)</source>
        <translation>%1（聊天记录自身的时间，即 CST 前缀显示的时间）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (untracked: the next request would store this)</source>
        <translation>%1（未记录：下一次请求会存储这个时间）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>out of order: earlier than the message before it (the notch)</source>
        <translation>时间错序：早于前一条消息（缺口标记）</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>one-second run: %n message(s) one second apart (the bracket)</source>
        <translation>
            <numerusform>逐秒序列：%n 条相隔一秒的消息（括号标记）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>its stored value is not a time (the underline)</source>
        <translation>存储的值不是时间（下划线标记）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>echoed-prefix: its text starts with a time the model echoed</source>
        <translation>回显前缀：文本以模型回显的时间开头</translation>
    </message>
    <message>
        <location line="-1149"/>
        <source>Timeline: zoom in</source>
        <translation>时间条：放大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timeline: zoom out</source>
        <translation>时间条：缩小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timeline: show the whole history</source>
        <translation>时间条：显示全部历史</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timeline: previous / next shown row</source>
        <translation>时间条：上一条 / 下一条筛选结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timeline: first / last shown row</source>
        <translation>时间条：第一条 / 最后一条筛选结果</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Not to scale (the strip&apos;s &quot;log scale&quot;): between breaks, the space from one time to the next grows with the logarithm of the gap: 1 min is drawn about %1 times as wide as 1 s, 1 h about %2 times (not 60 and 3,600 times); a silence over %3 h is a zig-zag break of fixed width. Read any gap exactly in the table&apos;s Gap column</source>
        <translation>不按比例（时间条上的“对数刻度”）：在断口之间，相邻两个时间的距离随间隔的对数增长：1 分钟画出的宽度约为 1 秒的 %1 倍，1 小时约为 %2 倍（而不是 60 倍和 3,600 倍）；超过 %3 小时的沉默是固定宽度的锯齿形断口。任何间隔的确切长度请看表格的“间隔”列</translation>
    </message>
    <message numerus="yes">
        <location line="+475"/>
        <source>%1; %n message(s) record no time and are not placed</source>
        <translation>
            <numerusform>%1；有 %n 条消息没有记下时间，未放置</numerusform>
        </translation>
    </message>
    <message>
        <location line="+55"/>
        <source>CST style: at the transcript&apos;s own times</source>
        <translation>CST 前缀样式：按聊天记录自带的时间</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n message(s) not placed; %1</source>
        <translation>
            <numerusform>%n 条消息未放置；%1</numerusform>
        </translation>
    </message>
    <message>
        <location line="-67"/>
        <source>CST style: placed at the times the transcript records, which its prefix shows</source>
        <translation>CST 前缀样式：按聊天记录自带的时间排列，即前缀显示的时间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no timestamp file: placed at the ≈ times the next request would store</source>
        <translation>没有时间戳文件：位于下一次请求将会存储的 ≈ 时间</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>%1; %n message(s) without a time are not placed</source>
        <translation>
            <numerusform>%1；有 %n 条消息没有时间，未画出</numerusform>
        </translation>
    </message>
    <message>
        <location line="+52"/>
        <source>at the ≈ times of the next request</source>
        <translation>位于下一次请求的 ≈ 时间</translation>
    </message>
</context>
<context>
    <name>TimelineTableModel</name>
    <message>
        <location filename="../../timeline_app/gui/tables/timeline.py" line="-187"/>
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
        <location line="+653"/>
        <source>entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>untracked: the next request would store this time</source>
        <translation>未记录：下一次请求会存储这个时间</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>gap: %1</source>
        <translation>间隔：%1</translation>
    </message>
    <message>
        <location line="-384"/>
        <source>Time since the previous message of the conversation that has a time, shown or not: under a filter or a sort, not the row above (its tooltip names that message)</source>
        <translation>距对话中上一条有时间的消息（无论是否显示）过了多久：在筛选或排序下未必是上一行（单元格的提示会注明那条消息）</translation>
    </message>
    <message>
        <location line="+380"/>
        <source>gap: %1 since #%2, the previous message with a time</source>
        <translation>间隔：%1，从上一条有时间的消息 #%2 算起</translation>
    </message>
    <message>
        <location line="-424"/>
        <source>back in time: #%1 has the same content as a newer message and takes its time (shared-hash), later than this one&apos;s</source>
        <translation>时间倒退：#%1 与一条较新的消息内容相同，取用了它的时间（相同内容），比这一条的时间晚</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>back in time: earlier than #%1&apos;s time</source>
        <translation>时间倒退：早于 #%1 的时间</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>to the minute, between the times shown: CST times have no seconds, so a gap can read a minute more or less than in the other styles</source>
        <translation>精确到分钟，按所显示的时间计算：CST 时间不带秒，所以间隔可能比其他样式多或少一分钟</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Absolute and Relative: the middleware&apos;s own text, exactly as it injects it (in English), where the column has room; narrower, the window&apos;s own shorter form. CST: the time Free Anima&apos;s prefix shows. Each cell&apos;s tooltip and Details have it whole.</source>
        <translation>绝对时间和相对时间：列宽足够时，显示中间件注入的原文（英文，逐字节不变）；列较窄时，显示本程序自己的简写。CST 前缀：Free Anima 前缀中的时间。每个单元格的提示和“详情”中都有完整文字。</translation>
    </message>
    <message>
        <location line="+411"/>
        <source>the middleware&apos;s own text, exactly as it would inject it now (in English)</source>
        <translation>中间件此刻会注入的原文（英文，逐字节不变）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the middleware&apos;s own text, exactly as it stores and injects it (in English), on its clock</source>
        <translation>中间件存储并注入的原文（英文，逐字节不变），按中间件的时钟</translation>
    </message>
</context>
<context>
    <name>Unrepaired</name>
    <message>
        <location filename="../../timeline_app/core/words.py" line="-440"/>
        <source>every message is tracked</source>
        <translation>所有消息都已记录时间</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>none of {0:#orphan time|orphan times} fits one of {1:#untracked message|untracked messages} by a known cause of a changed hash or by position (their messages may be gone from the transcript)</source>
        <translation>{0} 个孤立条目的时间都不符合{1} 条未记录时间的消息中的任何一条：已知的哈希变化原因和位置都对不上（它们的消息可能已不在聊天记录中）</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>{0:#untracked message|untracked messages}, but no stored time is left without its message</source>
        <translation>{0} 条消息未记录时间，但没有失去对应消息的存储时间（孤立条目）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>none of {0:#orphan time|orphan times} fits one of {1:#untracked message|untracked messages} between the tracked neighbours whose times bracket it (too many messages to try each against every orphan)</source>
        <translation>在前后已记录时间的消息所夹的时间范围内，{0} 个孤立条目的时间都不符合 {1} 条未记录时间的消息中的任何一条（消息太多，未能逐一与每个孤立条目比对）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{0:,} of {1:#orphan time|orphan times} match an untracked message by a known cause of a changed hash, but their times do not fit between its tracked neighbours&apos; times (were the times rewritten, for example by a backfill?), so they are not proposed</source>
        <translation>{1} 个孤立条目的时间中有 {0:,} 个能以已知的哈希变化原因对上一条未记录时间的消息，但其时间不在该消息前后已记录时间的消息之间（时间是否被改写过，例如经过回填？），因此不作为建议提出</translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message>
        <location filename="../../timeline_app/gui/wording.py" line="-40"/>
        <source>The file&apos;s entries for messages; the reply&apos;s placeholder is not counted.</source>
        <translation>文件中消息的条目数；回复的占位时间不计在内。</translation>
    </message>
</context>
<context>
    <name>Writing</name>
    <message>
        <location filename="../../timeline_app/core/words.py" line="+406"/>
        <source>written encrypted with the API key: the first file of the per-user folder {0} (the middleware&apos;s encryptUsingApiKey)</source>
        <translation>用 API 密钥加密写入：这是用户专属文件夹 {0} 里的第一个文件（对应中间件的 encryptUsingApiKey）</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>written encrypted, like the other files in the per-user folder {0}</source>
        <translation>加密写入，与用户专属文件夹 {0} 里的其他文件一致</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>written plain, like the other files in the per-user folder {0}</source>
        <translation>以明文写入，与用户专属文件夹 {0} 里的其他文件一致</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>no entry</source>
        <translation>无此条目</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>{0}: wanted to store {1!r}, the file now has {2}</source>
        <translation>{0}：本想存储 {1!r}，文件中现在是：{2}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{0}: wanted to remove {1!r}, the file now has {2}</source>
        <translation>{0}：本想删除 {1!r}，文件中现在是：{2}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the reply&apos;s placeholder</source>
        <translation>回复的占位时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>written plain (no API key given)</source>
        <translation>以明文写入（未提供 API 密钥）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>written plain: it is not in this key&apos;s per-user folder {0}, where the middleware keeps the files of a client that sends the key</source>
        <translation>以明文写入：它不在这个密钥的用户专属文件夹 {0} 里（客户端发送密钥时，中间件把它的文件放在那里）</translation>
    </message>
</context>
</TS>
