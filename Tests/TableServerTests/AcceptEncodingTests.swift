import Testing
@testable import TableServer

/// `Accept-Encoding` read as RFC 9110 reads it: names without regard to case, `q=0` refusing a
/// coding, `*` standing for the codings the header does not name.
@Suite("Accept-Encoding")
struct AcceptEncodingTests {
    @Test("gzip is accepted when named with a weight above zero, or when * is and gzip is not refused", arguments: [
        ("gzip", true), ("gzip, deflate, br", true), ("br, gzip", true), ("GZIP", true), ("Gzip;q=0.5", true), ("x-gzip", true),
        ("gzip;q=1.0", true), ("gzip ; q=0.001", true), ("*", true), ("br, *;q=0.1", true), ("deflate, gzip;q=0.2, *;q=0", true),
        ("", false), ("identity", false), ("br, deflate", false), ("gzip;q=0", false), ("gzip; q=0.000", false), ("gzip;Q=0.", false),
        ("*, gzip;q=0", false), ("gzip;q=0, *", false), ("*;q=0", false), ("gzipped", false), ("x-gzipped", false), ("deflate;gzip", false),
        (",,", false), ("gzip,", true), (" ,gzip", true), ("gzip;level=0", true), ("gzip;q=0;x=1", false),
        ("\tgzip\t;\tq\t=\t0\t", false), ("gzip;q=0.0001", true), ("gzip;q=1.000", true), ("gzip ;q=0", false), ("x\rgzip", false),
        ("*;q=0, *", true), ("gzip;q=0, gzip", true), ("gzip;q=0.0000", false), ("gzip;q=0.00001", true),
    ])
    func reads(_ header: String, _ accepted: Bool) {
        #expect(AcceptEncoding.acceptsGzip(header) == accepted, "\(header)")
    }
}

@Suite("Content-Encoding")
struct ContentEncodingTests {
    @Test("a body is read only when every coding listed is identity alone", arguments: [
        ("identity", true), ("Identity, IDENTITY", true), ("", true), (" identity\t,, identity ", true),
        ("gzip", false), ("identity, gzip", false), ("identity;q=1", false), ("identityx", false), ("identity x", false),
    ])
    func readsOnlyIdentity(_ header: String, _ read: Bool) {
        #expect(HeaderElements.namesOnly("identity", in: header) == read, "\(header)")
    }
}

@Suite("Connection")
struct ConnectionOptionTests {
    @Test("close is asked when one option is close alone, in any case, with spaces or a tab around it", arguments: [
        ("close", true), ("Close", true), ("keep-alive, CLOSE", true), ("close\t", true), (" close , upgrade", true),
        ("keep-alive", false), ("", false), ("closed", false), ("close;x", false), ("close foo", false), ("upgrade", false),
    ])
    func asksToClose(header: String, closes: Bool) {
        #expect(HeaderElements.lists("close", in: header) == closes, "\(header)")
    }
}
