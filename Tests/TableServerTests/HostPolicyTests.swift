import Testing
import TestSupport
@testable import TableServer

@Suite("Host names a server answers to")
struct HostPolicyTests {
    /// How `HostPolicy.split` judged a Host header before it checked bytes: every character
    /// lower-cased, then looked up in the allowed set.
    static func splitByCharacters(_ header: String) -> (name: String, port: Int?)? {
        let text = header.lowercased()
        let allowed = text.hasPrefix("[") ? "0123456789abcdef:.[]" : "abcdefghijklmnopqrstuvwxyz0123456789-._:"
        guard !text.isEmpty, text.utf8.count <= 261, text.unicodeScalars.allSatisfy({ allowed.unicodeScalars.contains($0) }) else {
            return nil
        }
        return HostPolicy.split(text)
    }

    @Test("a Host header is split into its lower-cased name and port, and anything else is refused")
    func splits() {
        #expect(HostPolicy.split("127.0.0.1:8080")! == ("127.0.0.1", 8080))
        #expect(HostPolicy.split("Example.COM")! == ("example.com", nil))
        #expect(HostPolicy.split("[::1]:443")! == ("[::1]", 443))
        #expect(HostPolicy.split("[FE80::1]")! == ("[fe80::1]", nil))
        for refused in ["", "a b", "host:0", "host:65536", "host:1:2", ":80", "[::1", "[::g]", "exa]mple", "ex/ample", "\u{212A}elvin", "é.example",
                        String(repeating: "a", count: 262)] {
            #expect(HostPolicy.split(refused) == nil, "\(refused)")
        }
    }

    @Test("on ASCII the byte check judges as the character check did")
    func sameAsBefore() {
        var generator = SeededGenerator(seed: 5)
        let alphabet = Array("aZ09-._:[]/ @gG%fF")
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...14, using: &generator)
            let header = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            let new = HostPolicy.split(header), old = Self.splitByCharacters(header)
            #expect(new?.name == old?.name && new?.port == old?.port, "\(header)")
        }
    }
}
