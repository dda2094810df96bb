import Testing
import TestSupport
@testable import TableServer

@Suite("Host names a server answers to")
struct HostPolicyTests {
    /// How `HostPolicy.split` judged a Host header before it worked on bytes: every character
    /// lower-cased, looked up in the allowed set, then split by characters.
    static func splitByCharacters(_ header: String) -> (name: String, port: Int?)? {
        let text = header.lowercased()
        let allowed = text.hasPrefix("[") ? "0123456789abcdef:.[]" : "abcdefghijklmnopqrstuvwxyz0123456789-._:"
        guard !text.isEmpty, text.utf8.count <= 261, text.unicodeScalars.allSatisfy({ allowed.unicodeScalars.contains($0) }) else {
            return nil
        }
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            if rest.isEmpty { return (String(text[...close]), nil) }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()), (1...65_535).contains(port) else { return nil }
            return (String(text[...close]), port)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        // A fully qualified name's final dot is dropped ("localhost." is localhost).
        let name = { (part: Substring) in part.count > 1 && part.hasSuffix(".") ? String(part.dropLast()) : String(part) }
        switch parts.count {
        case 1: return (name(parts[0]), nil)
        case 2:
            guard !parts[0].isEmpty, let port = Int(parts[1]), (1...65_535).contains(port) else { return nil }
            return (name(parts[0]), port)
        default: return nil
        }
    }

    @Test("a Host header is split into its lower-cased name and port, and anything else is refused")
    func splits() {
        #expect(HostPolicy.split("127.0.0.1:8080")! == ("127.0.0.1", 8080))
        #expect(HostPolicy.split("Example.COM")! == ("example.com", nil))
        #expect(HostPolicy.split("[::1]:443")! == ("[::1]", 443))
        #expect(HostPolicy.split("[FE80::1]")! == ("[fe80::1]", nil))
        #expect(HostPolicy.split("host:0080")! == ("host", 80))
        #expect(HostPolicy.split("host:65535")! == ("host", 65535))
        #expect(HostPolicy.split("LocalHost.:8080")! == ("localhost", 8080) && HostPolicy.split("example.com.")! == ("example.com", nil))
        #expect(HostPolicy.split(".")! == (".", nil), "a lone dot is no name with its root's dot")
        for refused in ["", "a b", "host:0", "host:65536", "host:1:2", ":80", "host:", "host:-5", "host:+5", "host:99999999999999999999", "[::1]:", "[::1]x", "[::1]]", "[::1", "[::g]", "exa]mple", "ex/ample", "\u{212A}elvin", "é.example",
                        String(repeating: "a", count: 262)] {
            #expect(HostPolicy.split(refused) == nil, "\(refused)")
        }
    }

    @Test("a loopback server answers to every spelling of this machine's names, and to no other")
    func loopbackNames() {
        let policy = HostPolicy(rule: .loopbackNames, publicScheme: nil)
        for host in ["localhost", "LOCALHOST", "localhost.", "localhost.:8080", "app.localhost", "127.0.0.1", "127.1.2.3:80", "[::1]",
                     "[0:0:0:0:0:0:0:1]:8080", "[::0001]", "[::ffff:127.0.0.1]"] {
            #expect(policy.allows(host: host), "\(host)")
        }
        for host in ["example.com", "localhost.example.com", "128.0.0.1", "[::2]", "[fe80::1]", "[::ffff:10.0.0.1]", "[::]", "[zz]", "127.0.0.1.example",
                     "localhost..", "127.0.0.1..", "..localhost", ".localhost", "app..localhost"] {
            #expect(!policy.allows(host: host), "\(host)")
        }
    }

    @Test("on ASCII, splitting bytes judges as splitting characters did")
    func sameAsBefore() {
        var generator = SeededGenerator(seed: 5)
        let alphabet = Array("aZ09-._:[]/ @gG%fF+")
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...14, using: &generator)
            let header = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            let new = HostPolicy.split(header), old = Self.splitByCharacters(header)
            #expect(new?.name == old?.name && new?.port == old?.port, "\(header)")
        }
    }
}
