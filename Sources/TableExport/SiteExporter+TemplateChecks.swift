import TableRender

extension SiteExporter {
    /// The `checksFingerprint` of the templates the last export into `folder` made its pages
    /// with, for this export's load of them (`TemplateSet(folder:appFolder:checkedBefore:)`):
    /// the same files, by the same build, need not be checked again. `nil` when its records
    /// (kept only by an export without problems) are not there or name none.
    public static func templateChecks(in folder: String) -> String? {
        PageRecords.templateChecks(in: folder)
    }
}
