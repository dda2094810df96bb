import Foundation

/// An http or https address given on the command line (`--site-url`, `--public-url`), read as
/// browsers and sitemaps will read it: a host name of letters, digits and hyphens in dot-separated
/// labels (one beyond ASCII in its `xn--` form, which this machine's Foundation does not make), or
/// an IP address, and a port a TCP port can be, written as a number is.
enum WebAddress {
    enum Reading {
        case address(URL)
        /// Not an http or https address with a host.
        case notWebAddress
        /// An address, but one that would be written wrong: why.
        case refused(String)
    }

    static func read(_ text: String) -> Reading {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              url.host?.isEmpty == false else { return .notWebAddress }
        // As written: Foundation hands some hosts back percent-encoded, which no browser or sitemap reads.
        var authority = text[(text.range(of: "://")?.upperBound ?? text.endIndex)...].prefix { !"/?#".contains($0) }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        guard authority.unicodeScalars.allSatisfy(\.isASCII) else {
            return .refused("its host name is not written in ASCII; write it in its xn-- form (IDNA), as links and sitemaps must")
        }
        var host = authority, port: Substring?
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        }
        if let port {
            guard let number = Int(port), port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber), !port.hasPrefix("0"), (1...65_535).contains(number) else {
                return .refused("its port \"\(port)\" is not one a connection can use, written as a number (1 to 65535)")
            }
        }
        guard host.hasPrefix("[") || isHostName(host) else {
            return .refused("\"\(host)\" is not a host name: labels of letters, digits and hyphens, none empty or beginning or ending with a hyphen, joined by dots")
        }
        return .address(url)
    }

    private static func isHostName(_ host: Substring) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }
        }
    }
}
