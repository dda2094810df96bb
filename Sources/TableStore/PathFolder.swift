/// The folder part of a file path, as `NSString.deletingLastPathComponent` gives it, which
/// crashes on Linux for "." and "./" (swift-corelibs-foundation): "" for a name in the working
/// folder, "/" for one in the root.
package enum PathFolder {
    package static func of(_ path: String) -> String {
        var name = Substring(path)
        while name.count > 1, name.hasSuffix("/") { name.removeLast() }
        guard let slash = name.lastIndex(of: "/") else { return "" }
        var folder = name[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}
