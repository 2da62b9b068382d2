<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ComparisonView</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/panels/comparison.py" line="+442"/>
        <source>%1 (%2, middleware now %3, %n model call(s) while it ran)</source>
        <translation>
            <numerusform>%1 (%2, middleware now %3, %n model call while it ran)</numerusform>
            <numerusform>%1 (%2, middleware now %3, %n model calls while it ran)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-8"/>
        <source>%n messages differ</source>
        <translation>
            <numerusform>%n message differs</numerusform>
            <numerusform>%n messages differ</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CountsBar</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/panels/status.py" line="+933"/>
        <source>%n tracked</source>
        <translation>
            <numerusform>%n tracked</numerusform>
            <numerusform>%n tracked</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+36"/>
        <source>%n untracked</source>
        <translation>
            <numerusform>%n untracked</numerusform>
            <numerusform>%n untracked</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n orphans</source>
        <translation>
            <numerusform>%n orphan</numerusform>
            <numerusform>%n orphans</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+19"/>
        <location line="+10"/>
        <source>%n stored time(s) after now</source>
        <translation>
            <numerusform>%n stored time after now</numerusform>
            <numerusform>%n stored times after now</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-63"/>
        <location line="+59"/>
        <source>%n entries</source>
        <translation>
            <numerusform>%n entry</numerusform>
            <numerusform>%n entries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-55"/>
        <source>%n message(s) share one</source>
        <translation>
            <numerusform>%n message share one</numerusform>
            <numerusform>%n messages share one</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n message(s) share %1</source>
        <translation>
            <numerusform>%n message share %1</numerusform>
            <numerusform>%n messages share %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+66"/>
        <source>%n unreadable line(s) skipped (%1)</source>
        <translation>
            <numerusform>%n unreadable line skipped (%1)</numerusform>
            <numerusform>%n unreadable lines skipped (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+76"/>
        <source>%n stored time(s) not on disk</source>
        <translation>
            <numerusform>%n stored time not on disk</numerusform>
            <numerusform>%n stored times not on disk</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n stored time(s) shown not on disk (Save offers to write them)</source>
        <translation>
            <numerusform>%n stored time shown not on disk (Save offers to write them)</numerusform>
            <numerusform>%n stored times shown not on disk (Save offers to write them)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-31"/>
        <source>%n stored time(s) only in %1</source>
        <translation>
            <numerusform>%n stored time only in %1</numerusform>
            <numerusform>%n stored times only in %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n stored time(s) shown not in the timestamp file but in %1 (Save offers to write them)</source>
        <translation>
            <numerusform>%n stored time shown not in the timestamp file but in %1 (Save offers to write them)</numerusform>
            <numerusform>%n stored times shown not in the timestamp file but in %1 (Save offers to write them)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>%n stored time(s) not in the timestamp file (%2 of them in %1)</source>
        <translation>
            <numerusform>%n stored time not in the timestamp file (%2 of them in %1)</numerusform>
            <numerusform>%n stored times not in the timestamp file (%2 of them in %1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-44"/>
        <source>%n stored time(s) in the moved folder %1</source>
        <translation>
            <numerusform>%n stored time in the moved folder %1</numerusform>
            <numerusform>%n stored times in the moved folder %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n stored time(s) shown are on disk in the moved folder %1 (Follow the moved folder reads them there)</source>
        <translation>
            <numerusform>%n stored time shown are on disk in the moved folder %1 (Follow the moved folder reads them there)</numerusform>
            <numerusform>%n stored times shown are on disk in the moved folder %1 (Follow the moved folder reads them there)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%n stored time(s) not at the old place (%2 of them on disk in the moved folder %1)</source>
        <translation>
            <numerusform>%n stored time not at the old place (%2 of them on disk in the moved folder %1)</numerusform>
            <numerusform>%n stored times not at the old place (%2 of them on disk in the moved folder %1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-58"/>
        <source>%n orphan time(s) copied back to messages</source>
        <translation>
            <numerusform>%n orphan time copied back to messages</numerusform>
            <numerusform>%n orphan times copied back to messages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-7"/>
        <source>%n message(s) with no time</source>
        <translation>
            <numerusform>%n message with no time</numerusform>
            <numerusform>%n messages with no time</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-1"/>
        <source>%n time(s) in the messages</source>
        <translation>
            <numerusform>%n time in the messages</numerusform>
            <numerusform>%n times in the messages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+114"/>
        <source>%n stored time(s) differ on disk</source>
        <translation>
            <numerusform>%n stored time differs on disk</numerusform>
            <numerusform>%n stored times differ on disk</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n stored time(s) shown differ from the file on disk (Save offers to write them)</source>
        <translation>
            <numerusform>%n stored time shown differs from the file on disk (Save offers to write it)</numerusform>
            <numerusform>%n stored times shown differ from the file on disk (Save offers to write them)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CutLists</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/wording.py" line="+204"/>
        <source>%1 +%n</source>
        <comment>a status cut after its first labels (%1): how many flags follow</comment>
        <translation>
            <numerusform>%1 +%n</numerusform>
            <numerusform>%1 +%n</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/panels/details.py" line="+484"/>
        <source>Orphans: %n unmatched time(s), middleware&apos;s clock</source>
        <translation>
            <numerusform>Orphans: %n unmatched time, middleware&apos;s clock</numerusform>
            <numerusform>Orphans: %n unmatched times, middleware&apos;s clock</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DiscussionSession</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/session.py" line="+2567"/>
        <source>Saved %1: written anew with the %n stored time(s) shown.</source>
        <translation>
            <numerusform>Saved %1: written anew with the %n stored time shown.</numerusform>
            <numerusform>Saved %1: written anew with the %n stored times shown.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+172"/>
        <source>%1 changed on disk and %n of your changes no longer apply; nothing was written. %2</source>
        <translation>
            <numerusform>%1 changed on disk and %n of your changes no longer applies; nothing was written. %2</numerusform>
            <numerusform>%1 changed on disk and %n of your changes no longer apply; nothing was written. %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-169"/>
        <source>Saved %1: written anew with the stored times shown, and %n entries the new file holds for other messages.</source>
        <translation>
            <numerusform>Saved %1: written anew with the stored times shown, and %n entry the new file holds for another message.</numerusform>
            <numerusform>Saved %1: written anew with the stored times shown, and %n entries the new file holds for other messages.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-959"/>
        <source>%n of your unsaved edits no longer apply to the files as they are on disk now: %1. The window still shows the files as last read, with every edit; Save stops on the conflict, Reload asks before dropping any edit.</source>
        <translation>
            <numerusform>%n of your unsaved edits no longer applies to the files as they are on disk now: %1. The window still shows the files as last read, with every edit; Save stops on the conflict, Reload asks before dropping any edit.</numerusform>
            <numerusform>%n of your unsaved edits no longer apply to the files as they are on disk now: %1. The window still shows the files as last read, with every edit; Save stops on the conflict, Reload asks before dropping any edit.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1196"/>
        <source>Saved %1: your edits written over what the file held for %n of their messages; the file as it was is kept as %2.</source>
        <translation>
            <numerusform>Saved %1: your edits written over what the file held for %n of their messages; the file as it was is kept as %2.</numerusform>
            <numerusform>Saved %1: your edits written over what the file held for %n of their messages; the file as it was is kept as %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1461"/>
        <source>%n of the times shown differ from it.</source>
        <translation>
            <numerusform>%n of the times shown differs from it.</numerusform>
            <numerusform>%n of the times shown differ from it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n of the times shown are not in it.</source>
        <translation>
            <numerusform>%n of the times shown is not in it.</numerusform>
            <numerusform>%n of the times shown are not in it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-2729"/>
        <source>%n of your edits conflict with what the file holds now:</source>
        <translation>
            <numerusform>%n of your edits conflicts with what the file holds now:</numerusform>
            <numerusform>%n of your edits conflict with what the file holds now:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>… and %n more</source>
        <translation>
            <numerusform>… and %n more</numerusform>
            <numerusform>… and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+34"/>
        <source>%n stored times changed on disk (the first, #%1, from %2 to %3): the table shows the file&apos;s times now, your unsaved edits kept.</source>
        <translation>
            <numerusform>%n stored time changed on disk (#%1, from %2 to %3): the table shows the file&apos;s time now, your unsaved edits kept.</numerusform>
            <numerusform>%n stored times changed on disk (the first, #%1, from %2 to %3): the table shows the file&apos;s times now, your unsaved edits kept.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1236"/>
        <source>Saved %1: the file&apos;s own times kept for %n message(s) it had written meanwhile, your other edits written; the file as it was is kept as %2.</source>
        <translation>
            <numerusform>Saved %1: the file&apos;s own times kept for %n message it had written meanwhile, your other edits written; the file as it was is kept as %2.</numerusform>
            <numerusform>Saved %1: the file&apos;s own times kept for %n messages it had written meanwhile, your other edits written; the file as it was is kept as %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+18"/>
        <source>Nothing written to %1: the file&apos;s own times kept for %n message(s) it had written meanwhile; nothing else to write.</source>
        <translation>
            <numerusform>Nothing written to %1: the file&apos;s own times kept for %n message it had written meanwhile; nothing else to write.</numerusform>
            <numerusform>Nothing written to %1: the file&apos;s own times kept for %n messages it had written meanwhile; nothing else to write.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-1230"/>
        <source>%n of your unsaved edits no longer apply to %3 as it is on disk now: %1. The window shows %2 as it is on disk, but %3 as last read, before it changed (any message only it has a time for shows as untracked), with every edit; Save stops on the conflict, Reload asks before dropping any edit.</source>
        <translation>
            <numerusform>%n of your unsaved edits no longer applies to %3 as it is on disk now: %1. The window shows %2 as it is on disk, but %3 as last read, before it changed (any message only it has a time for shows as untracked), with every edit; Save stops on the conflict, Reload asks before dropping any edit.</numerusform>
            <numerusform>%n of your unsaved edits no longer apply to %3 as it is on disk now: %1. The window shows %2 as it is on disk, but %3 as last read, before it changed (any message only it has a time for shows as untracked), with every edit; Save stops on the conflict, Reload asks before dropping any edit.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DiscussionsPanel</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/panels/discussions.py" line="+339"/>
        <source>%n discussion(s) in %1</source>
        <translation>
            <numerusform>%n discussion in %1</numerusform>
            <numerusform>%n discussions in %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FileWrites</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/wording.py" line="+280"/>
        <source>%1 … and %n more</source>
        <translation>
            <numerusform>%1 … and %n more</numerusform>
            <numerusform>%1 … and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/panels/filter_bar.py" line="+195"/>
        <source>%n rows</source>
        <translation>
            <numerusform>%n row</numerusform>
            <numerusform>%n rows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryPanel</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/panels/history.py" line="+206"/>
        <source>%n state(s) of the timestamp file</source>
        <translation>
            <numerusform>%n state of the timestamp file</numerusform>
            <numerusform>%n states of the timestamp file</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n recorded request(s)</source>
        <translation>
            <numerusform>%n recorded request</numerusform>
            <numerusform>%n recorded requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+98"/>
        <source>%1: the first state, %n entry(ies)</source>
        <translation>
            <numerusform>%1: the first state, %n entry</numerusform>
            <numerusform>%1: the first state, %n entries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+66"/>
        <source>Before it: the save of Timeline Inspector at %1 wrote the file, which was then deleted, its contents not kept; its save mark says it set %n entry(ies):</source>
        <translation>
            <numerusform>Before it: the save of Timeline Inspector at %1 wrote the file, which was then deleted, its contents not kept; its save mark says it set %n entry:</numerusform>
            <numerusform>Before it: the save of Timeline Inspector at %1 wrote the file, which was then deleted, its contents not kept; its save mark says it set %n entries:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+105"/>
        <source>By hand: up to %n entry(ies) changed by hand or by another program (the file was written again after the save without a backup, so it is not known which)</source>
        <translation>
            <numerusform>By hand: up to %n entry changed by hand or by another program (the file was written again after the save without a backup, so it is not known which)</numerusform>
            <numerusform>By hand: up to %n entries changed by hand or by another program (the file was written again after the save without a backup, so it is not known which)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>By hand: %n entry(ies) no recorded request and no save of Timeline Inspector explains (changed by hand or by another program)</source>
        <translation>
            <numerusform>By hand: %n entry no recorded request and no save of Timeline Inspector explains (changed by hand or by another program)</numerusform>
            <numerusform>By hand: %n entries no recorded request and no save of Timeline Inspector explain (changed by hand or by another program)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-271"/>
        <source>… and %n more note(s) (the history command lists them all)</source>
        <translation>
            <numerusform>… and %n more note (the history command lists them all)</numerusform>
            <numerusform>… and %n more notes (the history command lists them all)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InputProblems</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/wording.py" line="-86"/>
        <source>holds %n chats; pick one (%1)</source>
        <translation>
            <numerusform>holds %n chat (%1)</numerusform>
            <numerusform>holds %n chats; pick one (%1)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Opener</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/window/opening.py" line="+673"/>
        <source>&amp;Write all %n stored time(s) and its other entries</source>
        <translation>
            <numerusform>&amp;Write all %n stored time and its other entries</numerusform>
            <numerusform>&amp;Write all %n stored times and its other entries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>&amp;Write back all %n stored time(s)</source>
        <translation>
            <numerusform>&amp;Write back all %n stored time</numerusform>
            <numerusform>&amp;Write back all %n stored times</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>&amp;Write all %n stored time(s) under the old name</source>
        <translation>
            <numerusform>&amp;Write all %n stored time under the old name</numerusform>
            <numerusform>&amp;Write all %n stored times under the old name</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>&amp;Write all %n stored time(s) over it</source>
        <translation>
            <numerusform>&amp;Write all %n stored time over it</numerusform>
            <numerusform>&amp;Write all %n stored times over it</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+212"/>
        <source>%n of your unsaved edits no longer apply to the files as they are on disk now: %1. Drop them and show the files as they are? Cancel keeps every edit, shown on the files as last read.</source>
        <translation>
            <numerusform>%n of your unsaved edits no longer applies to the files as they are on disk now: %1. Drop it and show the files as they are? Cancel keeps every edit, shown on the files as last read.</numerusform>
            <numerusform>%n of your unsaved edits no longer apply to the files as they are on disk now: %1. Drop them and show the files as they are? Cancel keeps every edit, shown on the files as last read.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-483"/>
        <source>Of that file&apos;s %n entries: %1 kept as they are, %2 replaced by the times the window shows, %3 left out (kept only in the backup).</source>
        <translation>
            <numerusform>Of that file&apos;s %n entry: %1 kept as it is, %2 replaced by the time the window shows, %3 left out (kept only in the backup).</numerusform>
            <numerusform>Of that file&apos;s %n entries: %1 kept as they are, %2 replaced by the times the window shows, %3 left out (kept only in the backup).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+266"/>
        <source>&amp;Write back all %n stored time(s) at the old place</source>
        <translation>
            <numerusform>&amp;Write back all %n stored time at the old place</numerusform>
            <numerusform>&amp;Write back all %n stored times at the old place</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+194"/>
        <source>Drop your unsaved changes to %n stored time(s) and show %1 as saved? This cannot be undone.</source>
        <translation>
            <numerusform>Drop your unsaved changes to %n stored time and show %1 as saved? This cannot be undone.</numerusform>
            <numerusform>Drop your unsaved changes to %n stored times and show %1 as saved? This cannot be undone.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-418"/>
        <source>Save removes %n stored time(s) the file holds: %1.</source>
        <translation>
            <numerusform>Save removes %n stored time the file holds: %1.</numerusform>
            <numerusform>Save removes %n stored times the file holds: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+178"/>
        <source>%1 looks like another discussion&apos;s file: only %2 of its %n stored time(s) are for messages of this chat, and none at the time the window shows.</source>
        <translation>
            <numerusform>%1 looks like another discussion&apos;s file: only %2 of its %n stored time are for messages of this chat, and none at the time the window shows.</numerusform>
            <numerusform>%1 looks like another discussion&apos;s file: only %2 of its %n stored times are for messages of this chat, and none at the time the window shows.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>%1 looks like another discussion&apos;s file: none of its %n stored time(s) is a message of this chat.</source>
        <translation>
            <numerusform>%1 looks like another discussion&apos;s file: none of its %n stored time is a message of this chat.</numerusform>
            <numerusform>%1 looks like another discussion&apos;s file: none of its %n stored times is a message of this chat.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+115"/>
        <source>You have %n unsaved change(s) to a stored time of %1: %2.</source>
        <translation>
            <numerusform>You have %n unsaved change to a stored time of %1: %2.</numerusform>
            <numerusform>You have %n unsaved changes to stored times of %1: %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+56"/>
        <source>The window holds %n stored time(s) that %1 no longer holds at its place on disk: it was moved to %2. Discarding drops what is unsaved; the file read is %2 now.</source>
        <translation>
            <numerusform>The window holds %n stored time that %1 no longer holds at its place on disk: it was moved to %2. Discarding drops what is unsaved; the file read is %2 now.</numerusform>
            <numerusform>The window holds %n stored times that %1 no longer holds at its place on disk: it was moved to %2. Discarding drops what is unsaved; the file read is %2 now.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>The window holds %n stored time(s) that %1 on disk does not hold as shown (it was deleted, replaced or written anew there). Discarding leaves them in no file.</source>
        <translation>
            <numerusform>The window holds %n stored time that %1 on disk does not hold as shown (it was deleted, replaced or written anew there). Discarding leaves them in no file.</numerusform>
            <numerusform>The window holds %n stored times that %1 on disk does not hold as shown (it was deleted, replaced or written anew there). Discarding leaves them in no file.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>The window holds %n stored time(s) that %1 on disk does not hold as shown (it was deleted, replaced or written anew there), and your unsaved edits. Discarding leaves them in no file.</source>
        <translation>
            <numerusform>The window holds %n stored time that %1 on disk does not hold as shown (it was deleted, replaced or written anew there), and your unsaved edits. Discarding leaves them in no file.</numerusform>
            <numerusform>The window holds %n stored times that %1 on disk does not hold as shown (it was deleted, replaced or written anew there), and your unsaved edits. Discarding leaves them in no file.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-73"/>
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PairingDoubts</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/wording.py" line="-35"/>
        <source>None of the %n entries of %2 matches a message: is this the transcript&apos;s own file, and do the options match the middleware&apos;s?</source>
        <translation>
            <numerusform>The %n entry of %2 matches no message: is this the transcript&apos;s own file, and do the options match the middleware&apos;s?</numerusform>
            <numerusform>None of the %n entries of %2 matches a message: is this the transcript&apos;s own file, and do the options match the middleware&apos;s?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>None of the %n entries of the file matches a message: is this the transcript&apos;s own file, and do the options match the middleware&apos;s?</source>
        <translation>
            <numerusform>The %n entry of the file matches no message: is this the transcript&apos;s own file, and do the options match the middleware&apos;s?</numerusform>
            <numerusform>None of the %n entries of the file matches a message: is this the transcript&apos;s own file, and do the options match the middleware&apos;s?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PreviewPane</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/panels/preview.py" line="+536"/>
        <source>Showing messages %1 to %2 of %n; the JSON view, Copy and Export have all of them.</source>
        <translation>
            <numerusform>Showing messages %1 to %2 of %n; the JSON view, Copy and Export have all of them.</numerusform>
            <numerusform>Showing messages %1 to %2 of %n; the JSON view, Copy and Export have all of them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Showing the newest %1 of %n message(s); the JSON view, Copy and Export have all of them.</source>
        <translation>
            <numerusform>Showing the newest %1 of %n message; the JSON view, Copy and Export have all of them.</numerusform>
            <numerusform>Showing the newest %1 of %n messages; the JSON view, Copy and Export have all of them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+187"/>
        <source>Copied the preview&apos;s JSON (%n message(s))</source>
        <translation>
            <numerusform>Copied the preview&apos;s JSON (%n message)</numerusform>
            <numerusform>Copied the preview&apos;s JSON (%n messages)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RecordingsModel</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/tables/recordings.py" line="+262"/>
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n request</numerusform>
            <numerusform>%n requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>%n unreadable line(s)</source>
        <translation>
            <numerusform>%n unreadable line</numerusform>
            <numerusform>%n unreadable lines</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>… and %n more unreadable line(s)</source>
        <translation>
            <numerusform>… and %n more unreadable line</numerusform>
            <numerusform>… and %n more unreadable lines</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RecordingsPanel</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/panels/recordings.py" line="+323"/>
        <source>%n discussion(s), %1 in %2 (following it live)</source>
        <translation>
            <numerusform>%n discussion, %1 in %2 (following it live)</numerusform>
            <numerusform>%n discussions, %1 in %2 (following it live)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%n unreadable line(s) skipped: the marked discussions&apos; tooltips say which.</source>
        <translation>
            <numerusform>%n unreadable line skipped: the marked discussions&apos; tooltips say which.</numerusform>
            <numerusform>%n unreadable lines skipped: the marked discussions&apos; tooltips say which.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepairPanel</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/panels/repair.py" line="+552"/>
        <source>The previous search&apos;s %n row(s), greyed below, cannot be ticked or applied.</source>
        <translation>
            <numerusform>The previous search&apos;s %n row, greyed below, cannot be ticked or applied.</numerusform>
            <numerusform>The previous search&apos;s %n rows, greyed below, cannot be ticked or applied.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>%n proposal(s), %1 accepted.</source>
        <translation>
            <numerusform>%n proposal, %1 accepted.</numerusform>
            <numerusform>%n proposals, %1 accepted.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>Applied %n proposal(s): those messages hold the times of the orphan entries they matched, and those entries were removed.</source>
        <translation>
            <numerusform>Applied %n proposal: those messages hold the times of the orphan entries they matched, and those entries were removed.</numerusform>
            <numerusform>Applied %n proposals: those messages hold the times of the orphan entries they matched, and those entries were removed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Applied %n proposal(s): those messages hold the times of the orphan entries they matched, which stay in the file but no longer count as orphans.</source>
        <translation>
            <numerusform>Applied %n proposal: those messages hold the times of the orphan entries they matched, which stay in the file but no longer count as orphans.</numerusform>
            <numerusform>Applied %n proposals: those messages hold the times of the orphan entries they matched, which stay in the file but no longer count as orphans.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+27"/>
        <source>Repair: %n proposal(s)</source>
        <translation>
            <numerusform>Repair: %n proposal</numerusform>
            <numerusform>Repair: %n proposals</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TimelineStrip</name>
    <message numerus="yes">
        <location filename="../../timeline_app/gui/strip/view.py" line="+1219"/>
        <source>one-second run: %n message(s) one second apart (the bracket)</source>
        <translation>
            <numerusform>one-second run: %n message one second apart (the bracket)</numerusform>
            <numerusform>one-second run: %n messages one second apart (the bracket)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-650"/>
        <source>%1; %n message(s) record no time and are not placed</source>
        <translation>
            <numerusform>%1; %n message records no time and is not placed</numerusform>
            <numerusform>%1; %n messages record no time and are not placed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-42"/>
        <source>zoomed ×%1: %n of %2 marks in view</source>
        <translation>
            <numerusform>zoomed ×%1: %n of %2 marks in view</numerusform>
            <numerusform>zoomed ×%1: %n of %2 marks in view</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+47"/>
        <source>%1; %n message(s) without a time are not placed</source>
        <translation>
            <numerusform>%1; %n message without a time is not placed</numerusform>
            <numerusform>%1; %n messages without a time are not placed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+54"/>
        <source>%n message(s) not placed; %1</source>
        <translation>
            <numerusform>%n message not placed; %1</numerusform>
            <numerusform>%n messages not placed; %1</numerusform>
        </translation>
    </message>
</context>
</TS>
