"""Writes tests/vectors/reply/*.json by running WilmerAI's own reply code on each case.

Why: the after-reply write (clean-up, group-chat reconstruction, the commit)
must be matched byte for byte, so the expected values come from the
middleware itself, not from a reading of it. Usage:

    python tools/reply_vectors.py /path/to/WilmerAI [OUT_DIR]

Needs only the checkout (the modules used import no third-party package but
``cryptography``). The request pipeline is the inspector's own
(``prepare_request``, itself checked against the middleware by the
``tests/vectors/wilmer`` vectors); everything after it is the middleware's:
``_identify_generation_prompt`` and ``_reconstruct_non_streaming`` (taken
from ``workflows_processor.py``, which cannot be imported without the model
clients), ``post_process_llm_output``, ``StreamingResponseHandler`` fed the
chunks, and ``TimestampService.commit_assistant_response`` on an in-memory file.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from timeline_app.core.pipeline import RequestOptions, prepare_request  # noqa: E402
from timeline_app.core.store import dumps_store  # noqa: E402

PLACEHOLDER = "PLACEHOLDER_TIMESTAMP_HASH_0000"
CLOCK = "(Sunday, 2026-12-06 16:30:59)"  # the middleware's clock at the commit


def _processor_functions(wilmer: Path) -> dict[str, Any]:
    """The two methods of ``WorkflowProcessor`` the commit depends on, run as written."""
    source = (wilmer / "Middleware/workflows/processors/workflows_processor.py").read_text()
    tree = ast.parse(source)
    wanted = {"_identify_generation_prompt", "_reconstruct_non_streaming"}
    found = [
        node
        for cls in tree.body
        if isinstance(cls, ast.ClassDef)
        for node in cls.body
        if isinstance(node, ast.FunctionDef) and node.name in wanted
    ]
    module = ast.Module(body=found, type_ignores=[])
    import logging

    from Middleware.utilities.sensitive_logging_utils import sensitive_log

    space: dict[str, Any] = {
        "Optional": Any,
        "sensitive_log": sensitive_log,
        "logger": logging.getLogger("w"),
        "logging": logging,
    }
    exec(compile(module, "workflows_processor.py", "exec"), space)
    return space


def _cases() -> list[dict[str, Any]]:
    aria = [
        {"role": "user", "content": "Hi all"},
        {"role": "assistant", "content": "Bob: hello"},
        {"role": "user", "content": "Aria:"},
    ]
    no_prompt = [{"role": "user", "content": "Hi all"}]
    pending = {"a" * 64: "(Sunday, 2026-12-06 16:29:00)", PLACEHOLDER: "(Sunday, 2026-12-06 16:30:00)"}
    hello_hash = "185f8db32271fe25f561a6fc938b2e264306ec304eda518007d1764826381969"  # "Hello"
    existing = {
        hello_hash: "(Sunday, 2026-12-06 10:00:00)",
        "b" * 64: "(Sunday, 2026-12-06 11:00:00)",
        PLACEHOLDER: "(Sunday, 2026-12-06 16:30:00)",
    }
    long_prompt = [{"role": "user", "content": "Hi"}, {"role": "user", "content": "N" * 97 + ":"}]
    cases = []

    def case(
        name: str,
        messages: list,
        reply: str,
        *,
        streamed: bool,
        group: bool = True,
        store: dict | None = None,
        chunks: list[str] | None = None,
        cleanup: dict | None = None,
        options: dict | None = None,
    ) -> None:
        cases.append(
            {
                "name": name,
                "input": {
                    "messages": messages,
                    "request_options": options or {},
                    "timestamps": pending if store is None else store,
                    "reply": reply,
                    "streamed": streamed,
                    "chunks": chunks if chunks is not None else (list(reply) if streamed else None),
                    "group_chat": group,
                    "cleanup": cleanup or {},
                    "commit_clock": CLOCK,
                },
            }
        )

    for streamed in (False, True):
        way = "streamed" if streamed else "whole"
        case(f"{way}_prompt_prefix_absent", aria, "Hello there", streamed=streamed)
        case(f"{way}_prompt_prefix_present", aria, "Aria: Hello there", streamed=streamed)
        case(f"{way}_prompt_other_speaker_prefix", aria, "Bob: not me", streamed=streamed)
        case(f"{way}_prompt_multiword_prefix", aria, "Bob the Builder: fine", streamed=streamed)
        case(f"{way}_prompt_colon_first", aria, ": hi", streamed=streamed)
        case(f"{way}_prompt_newline_in_first_word", aria, "Aria:\nhi", streamed=streamed)
        case(f"{way}_prompt_leading_space", aria, "  \n Hello", streamed=streamed)
        case(f"{way}_prompt_empty_reply", aria, "", streamed=streamed, chunks=[""] if streamed else None)
        case(
            f"{way}_prompt_echo_stripped_or_not",
            aria,
            "[Sent less than a minute ago] Hello",
            streamed=streamed,
        )
        case(
            f"{way}_no_prompt_echo_stripped",
            no_prompt,
            "[Sent less than a minute ago] Hello",
            streamed=streamed,
        )
        case(f"{way}_no_prompt_plain", no_prompt, "Hello", streamed=streamed)
        case(
            f"{way}_no_prompt_empty_reply",
            no_prompt,
            "",
            streamed=streamed,
            chunks=[""] if streamed else None,
        )
        case(
            f"{way}_no_placeholder_commit_clock",
            no_prompt,
            "Hello",
            streamed=streamed,
            store={"a" * 64: "(Sunday, 2026-12-06 16:29:00)"},
        )
        case(
            f"{way}_no_placeholder_empty_nothing",
            no_prompt,
            "",
            streamed=streamed,
            store={"a" * 64: "(Sunday, 2026-12-06 16:29:00)"},
            chunks=[""] if streamed else None,
        )
        case(f"{way}_existing_entry_overwritten", no_prompt, "Hello", streamed=streamed, store=existing)
        case(f"{way}_default_mode_placeholder_stays", aria, "Hello", streamed=streamed, group=False)
        case(
            f"{way}_braces_prompt_sentinels",
            [{"role": "user", "content": "{Aria}:"}],
            "hi {x}",
            streamed=streamed,
        )
        case(
            f"{way}_assistant_generator_prompt",
            no_prompt,
            "Assistant: Hello",
            streamed=streamed,
            options={"add_user_assistant": True, "add_missing_assistant": True},
            cleanup={"remove_assistant": True},
        )
        case(
            f"{way}_custom_prefixes",
            aria,
            "BEGIN  Hello",
            streamed=streamed,
            cleanup={"node_prefixes": ["BEGIN"], "endpoint_prefixes": [" END "]},
        )
    # the endpoint's trimBeginningAndEndLineBreaks (on in the middleware's example endpoints):
    # a whole reply is stripped at both ends before reconstruction, a streamed one only left-trimmed
    for streamed in (False, True):
        way = "streamed" if streamed else "whole"
        case(
            f"{way}_trim_line_breaks",
            aria,
            "\n Hello there \n",
            streamed=streamed,
            cleanup={"trim_line_breaks": True},
        )
    # the streamed threshold: a colon just inside and just past len(P) + 10
    inside = "Well, Bob said: hi"  # colon at 14 < 5 + 10
    past = "Well, Bob says so: hi"  # colon at 17
    case("streamed_threshold_colon_inside", aria, inside, streamed=True)
    case("streamed_threshold_colon_past", aria, past, streamed=True)
    case("whole_threshold_colon_inside", aria, inside, streamed=False)
    case("streamed_threshold_one_chunk", aria, past, streamed=True, chunks=[past])
    # a 98-character prompt: its window (108) is longer than the 100 characters held back,
    # so how the stream was cut decides whether a colon at 103 is seen
    late = "x" * 103 + ": z"
    case("streamed_hold_limit_long_prompt", long_prompt, late, streamed=True)
    case("streamed_hold_limit_long_prompt_one_chunk", long_prompt, late, streamed=True, chunks=[late])
    case("streamed_leading_space_chunks", aria, "   Aria: hi", streamed=True, chunks=["  ", " Ar", "ia: hi"])
    return cases


def _run(case: dict[str, Any], wilmer: Path, processor: dict[str, Any]) -> dict[str, Any]:
    from Middleware.common import instance_global_variables
    from Middleware.services import timestamp_service
    from Middleware.utilities import config_utils, streaming_utils
    from Middleware.workflows.streaming import response_handler

    data = case["input"]
    options = RequestOptions(**data["request_options"])
    request = prepare_request(data["messages"], options)
    wire = [dict(f) for f in request.fields]
    holder = type("P", (), {"messages": wire})()
    prompt = processor["_identify_generation_prompt"](holder) if data["group_chat"] else None

    cleanup = data["cleanup"]
    both = bool(data["request_options"].get("add_user_assistant")) and bool(
        data["request_options"].get("add_missing_assistant")
    )
    for module in (config_utils, response_handler):
        module.get_is_chat_complete_add_user_assistant = lambda: both
        module.get_is_chat_complete_add_missing_assistant = lambda: both
    response_handler.get_liveness_tool_call = lambda: None
    # the wire format of each chunk needs the user's config files; the text
    # committed (``full_response_text``) does not depend on it
    response_handler.api_helpers.build_response_json = lambda token, **_: json.dumps(token)
    instance_global_variables.set_api_type("openaichatcompletion")
    endpoint = {
        "removeCustomTextFromResponseStartEndpointWide": bool(cleanup.get("endpoint_prefixes")),
        "responseStartTextToRemoveEndpointWide": cleanup.get("endpoint_prefixes", []),
        "trimBeginningAndEndLineBreaks": bool(cleanup.get("trim_line_breaks")),
    }
    node = {
        "addDiscussionIdTimestampsForLLM": True,
        "useGroupChatTimestampLogic": data["group_chat"],
        "removeCustomTextFromResponseStart": bool(cleanup.get("node_prefixes")),
        "responseStartTextToRemove": cleanup.get("node_prefixes", []),
    }
    if data["streamed"]:
        handler = response_handler.StreamingResponseHandler(endpoint, node, generation_prompt=prompt)
        chunks = data["chunks"]
        stream = (
            {"token": c, "finish_reason": "stop" if i == len(chunks) - 1 else None}
            for i, c in enumerate(chunks)
        )
        for _ in handler.process_stream(stream):
            pass
        returned = handler.full_response_text
    else:
        returned = streaming_utils.post_process_llm_output(data["reply"], endpoint, node)
        if prompt:
            returned = processor["_reconstruct_non_streaming"](None, returned, prompt)

    file: dict[str, Any] = {"entries": dict(data["timestamps"]), "written": False}
    timestamp_service.get_discussion_timestamp_file_path = lambda *a, **k: "mem"
    timestamp_service.load_timestamp_file = lambda *a, **k: dict(file["entries"])

    def save(_path: str, entries: dict, encryption_key: object = None) -> None:
        file["entries"], file["written"] = dict(entries), True

    timestamp_service.save_timestamp_file = save
    timestamp_service.current_timestamp = lambda: data["commit_clock"]
    if data["group_chat"]:
        timestamp_service.TimestampService().commit_assistant_response("d", returned)
    after = file["entries"]
    return {
        **case,
        "source": "tools/reply_vectors.py: the middleware's own code at " + _commit(wilmer),
        "expected": {
            "generation_prompt": prompt,
            "returned": returned,
            "timestamps_after": after,
            "file_text_after": dumps_store(after) if file["written"] else None,
        },
    }


def _commit(wilmer: Path) -> str:
    try:
        return subprocess.run(
            ["git", "-C", str(wilmer), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "(unknown commit)"


def main() -> None:
    wilmer = Path(sys.argv[1]).resolve()
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "tests/vectors/reply"
    sys.path.insert(0, str(wilmer))
    processor = _processor_functions(wilmer)
    out.mkdir(parents=True, exist_ok=True)
    for case in _cases():
        vector = _run(case, wilmer, processor)
        (out / f"{case['name']}.json").write_text(json.dumps(vector, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(_cases())} vectors written to {out}")


if __name__ == "__main__":
    main()
