/// What the last complete export wrote to a page's file, as the manifest tells (see
/// `ExportManifest.made` and `OutputFolder.write`).
enum LastWritten: Equatable {
    /// These very bytes.
    case these
    /// Other bytes: the page's content has changed since.
    case others
    /// Not known: a page new to the manifest, or one an earlier TableStack recorded.
    case unknown
}
