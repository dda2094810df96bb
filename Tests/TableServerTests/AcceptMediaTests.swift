import Testing
@testable import TableServer

/// `Accept` read as RFC 9110 reads it, for the one choice a page makes: its JSON twin or its HTML.
@Suite("Accept")
struct AcceptMediaTests {
    @Test("JSON when its weight is the higher, or the same and it is named while HTML is only a wildcard's", arguments: [
        ("application/json", true), ("APPLICATION/JSON", true), ("Application/Json; charset=utf-8", true),
        ("application/json, text/plain, */*", true), ("*/*;q=0.1, application/json;q=0.2, text/html;q=0.1", true),
        ("text/html;q=0, */*;q=0.1", true), ("application/*", true), ("text/html;q=0.5, application/json", true),
        ("application/json;q=0.9, */*;q=0.8", true), ("\tapplication/json\t;\tq\t=\t1\t", true),
        ("", false), ("*/*", false), ("text/html", false), ("application/json, text/html", false),
        ("application/json;q=0", false), ("application/json;q=0.000, text/plain", false),
        ("text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8", false),
        ("application/json;q=0.5, text/html;q=0.6", false), ("application/json;q=0.5, text/*", false),
        ("application/*;q=0, application/json;q=0", false), ("application/jsonx", false), ("application/json-seq", false),
        ("application/json;q=0, */*", false), ("*/json", false), ("text/html, application/json;q=1.5", false),
    ])
    func reads(_ header: String, _ json: Bool) {
        #expect(AcceptMedia.prefersJSON(header) == json, "\(header)")
    }

    @Test("the most specific range gives a type its weight, whatever the order")
    func specificRangeDecides() {
        #expect(AcceptMedia.prefersJSON("application/json;q=0.3, application/*;q=0.9"), "application/json's own 0.3 beats text's none")
        #expect(!AcceptMedia.prefersJSON("application/json;q=0.3, application/*;q=0.9, text/html;q=0.5"), "its own 0.3, not application/*'s 0.9")
        #expect(!AcceptMedia.prefersJSON("text/html,application/json;q=1"), "a browser's header, answered from its first range")
        #expect(AcceptMedia.prefersJSON("text/html;q=0.1,application/json"), "text/html first, but outweighed")
        #expect(!AcceptMedia.prefersJSON("*/*;q=0.9, application/json;q=0.3, text/*;q=0.5"))
        #expect(AcceptMedia.prefersJSON("text/*;q=0.2, application/json;q=0.3"))
    }
}
