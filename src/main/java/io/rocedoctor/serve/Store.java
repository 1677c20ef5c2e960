package io.rocedoctor.serve;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The service's rows: cases, bundles, reports, the search index and the audit log. */
public final class Store {
    private final Database db;

    public Store(Database db) {
        this.db = db;
    }

    Database db() {
        return db;
    }

    public record CaseRow(
            String name, long createdAt, Long closedAt, int bundles, Long lastUpload, String worstSeverity) {}

    public record BundleRow(
            long id,
            String caseName,
            String sha256,
            long size,
            String fileName,
            long uploadedAt,
            String state,
            String reason,
            int attempts,
            Long analysedAt,
            Long analysisMs,
            String host,
            String worstSeverity) {}

    public record FindingRow(
            String caseName,
            long bundleId,
            String host,
            String ruleId,
            String severity,
            String subject,
            String title) {}

    public record AuditRow(
            long at, String tokenId, String role, String action, String caseName, Long bundleId, String detail) {}

    /** A bundle recorded, or the one the case already had with this content. */
    public record Recorded(BundleRow bundle, boolean created) {}

    private static final String BUNDLE_COLUMNS =
            "b.id, c.name, b.sha256, b.size_bytes, b.file_name, b.uploaded_at, b.state, b.reason,"
                    + " b.attempts, b.analysed_at, b.analysis_ms, b.host, b.worst_severity";

    /**
     * Records an upload as queued (creating its case), with its audit entry in the same commit (one
     * write of the database per upload); the same content in the same case is the bundle it was.
     */
    public Recorded recordUpload(String caseName, BlobStore.Blob blob, String fileName, Principal who)
            throws SQLException {
        try (Connection c = db.connection()) {
            c.setAutoCommit(false);
            try {
                long caseId = caseId(c, caseName);
                Optional<BundleRow> existing = bundle(c, "b.case_id = ? AND b.sha256 = ?", caseId, blob.sha256());
                if (existing.isPresent()) {
                    audit(
                            c,
                            who,
                            "upload",
                            caseName,
                            existing.get().id(),
                            existing.get().fileName());
                    c.commit();
                    return new Recorded(existing.get(), false);
                }
                long id;
                long now = System.currentTimeMillis();
                try (PreparedStatement s = c.prepareStatement(
                        "INSERT INTO bundles (case_id, sha256, size_bytes, file_name, uploaded_by,"
                                + " uploaded_at, state) VALUES (?, ?, ?, ?, ?, ?, 'queued')",
                        Statement.RETURN_GENERATED_KEYS)) {
                    s.setLong(1, caseId);
                    s.setString(2, blob.sha256());
                    s.setLong(3, blob.size());
                    s.setString(4, fileName);
                    s.setString(5, who.tokenId());
                    s.setLong(6, now);
                    s.executeUpdate();
                    try (ResultSet k = s.getGeneratedKeys()) {
                        k.next();
                        id = k.getLong(1);
                    }
                }
                audit(c, who, "upload", caseName, id, fileName);
                // Not forced to disk here: the upload's receipt is (Receipts), before the answer.
                c.commit();
                return new Recorded(
                        new BundleRow(
                                id,
                                caseName,
                                blob.sha256(),
                                blob.size(),
                                fileName,
                                now,
                                "queued",
                                null,
                                0,
                                null,
                                null,
                                null,
                                null),
                        true);
            } catch (SQLException e) {
                c.rollback();
                // Two uploads of the same content racing into one case: the loser reads the winner's row.
                Optional<BundleRow> raced = bundleOf(caseName, blob.sha256());
                if (raced.isPresent()) {
                    audit(who, "upload", caseName, raced.get().id(), raced.get().fileName());
                    return new Recorded(raced.get(), false);
                }
                throw e;
            }
        }
    }

    /**
     * Whether the database accounts for an acknowledged upload: its bundle row is there, or its case
     * was closed after the upload (retention removed it then: the database loses only its latest
     * commits, never one from before a commit it kept).
     */
    boolean accountsFor(Receipts.Receipt r) throws SQLException {
        if (bundleOf(r.caseName(), r.sha256()).isPresent()) {
            return true;
        }
        try (Connection c = db.connection();
                PreparedStatement s = c.prepareStatement("SELECT closed_at FROM cases WHERE name = ?")) {
            s.setString(1, r.caseName());
            try (ResultSet k = s.executeQuery()) {
                return k.next() && nullableLong(k, 1) != null && k.getLong(1) >= r.uploadedAt();
            }
        }
    }

    /**
     * Puts back the bundle of an acknowledged upload whose row was lost, queued and under the id its
     * uploader was given (a new one only if another bundle holds it), with its audit line. On H2 the
     * identity then moves past it: the lost commits took the identity's advance with them.
     */
    void restore(Receipts.Receipt r) throws SQLException {
        try (Connection c = db.connection()) {
            c.setAutoCommit(false);
            long caseId = caseId(c, r.caseName());
            boolean idFree = bundle(c, "b.id = ?", r.id()).isEmpty();
            try (PreparedStatement s = c.prepareStatement("INSERT INTO bundles (case_id, sha256, size_bytes, file_name,"
                    + " uploaded_by, uploaded_at, state" + (idFree ? ", id" : "")
                    + ") VALUES (?, ?, ?, ?, ?, ?, 'queued'"
                    + (idFree ? ", ?" : "") + ")")) {
                s.setLong(1, caseId);
                s.setString(2, r.sha256());
                s.setLong(3, r.size());
                s.setString(4, r.fileName());
                s.setString(5, r.uploadedBy());
                s.setLong(6, r.uploadedAt());
                if (idFree) {
                    s.setLong(7, r.id());
                }
                s.executeUpdate();
            }
            audit(
                    c,
                    null,
                    "restore-upload",
                    r.caseName(),
                    idFree ? r.id() : null,
                    r.fileName() + " (uploaded by token " + r.uploadedBy()
                            + "; its row was lost, put back from its receipt)");
            if (!db.postgres()) {
                try (Statement s = c.createStatement();
                        ResultSet m = s.executeQuery("SELECT MAX(id) FROM bundles")) {
                    m.next();
                    s.execute("ALTER TABLE bundles ALTER COLUMN id RESTART WITH " + (m.getLong(1) + 1));
                }
            }
            c.commit();
        }
    }

    private Optional<BundleRow> bundleOf(String caseName, String sha) throws SQLException {
        try (Connection c = db.connection()) {
            return bundle(c, "c.name = ? AND b.sha256 = ?", caseName, sha);
        }
    }

    private static long caseId(Connection c, String name) throws SQLException {
        for (int attempt = 0; ; attempt++) {
            try (PreparedStatement s = c.prepareStatement("SELECT id FROM cases WHERE name = ?")) {
                s.setString(1, name);
                try (ResultSet r = s.executeQuery()) {
                    if (r.next()) {
                        return r.getLong(1);
                    }
                }
            }
            try (PreparedStatement s = c.prepareStatement(
                    "INSERT INTO cases (name, created_at) VALUES (?, ?)", Statement.RETURN_GENERATED_KEYS)) {
                s.setString(1, name);
                s.setLong(2, System.currentTimeMillis());
                s.executeUpdate();
                try (ResultSet k = s.getGeneratedKeys()) {
                    k.next();
                    return k.getLong(1);
                }
            } catch (SQLException e) {
                if (attempt > 0) {
                    throw e;
                }
                // Another upload created the case meanwhile: read it.
                c.commit();
            }
        }
    }

    public Optional<BundleRow> bundle(long id) throws SQLException {
        try (Connection c = db.connection()) {
            return bundle(c, "b.id = ?", id);
        }
    }

    private static Optional<BundleRow> bundle(Connection c, String where, Object... args) throws SQLException {
        List<BundleRow> rows = bundles(c, where + " ORDER BY b.id", args);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
    }

    public List<BundleRow> bundlesOf(String caseName) throws SQLException {
        try (Connection c = db.connection()) {
            return bundles(c, "c.name = ? ORDER BY b.uploaded_at, b.id", caseName);
        }
    }

    private static List<BundleRow> bundles(Connection c, String where, Object... args) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "SELECT " + BUNDLE_COLUMNS + " FROM bundles b JOIN cases c ON c.id = b.case_id WHERE " + where)) {
            bind(s, args);
            List<BundleRow> rows = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    rows.add(new BundleRow(
                            r.getLong(1),
                            r.getString(2),
                            r.getString(3),
                            r.getLong(4),
                            r.getString(5),
                            r.getLong(6),
                            r.getString(7),
                            r.getString(8),
                            r.getInt(9),
                            nullableLong(r, 10),
                            nullableLong(r, 11),
                            r.getString(12),
                            r.getString(13)));
                }
            }
            return rows;
        }
    }

    /** The cases this caller may see, with their bundle count, last upload and worst severity. */
    public List<CaseRow> cases(Principal who) throws SQLException {
        String sql =
                "SELECT c.name, c.created_at, c.closed_at, COUNT(b.id), MAX(b.uploaded_at) FROM cases c LEFT JOIN bundles b ON b.case_id = c.id"
                        + (who.staff() ? "" : " WHERE c.name = ?")
                        + " GROUP BY c.id, c.name, c.created_at, c.closed_at ORDER BY MAX(b.uploaded_at) DESC, c.name";
        List<CaseRow> rows = new ArrayList<>();
        try (Connection c = db.connection();
                PreparedStatement s = c.prepareStatement(sql)) {
            if (!who.staff()) {
                s.setString(1, who.caseName());
            }
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    String name = r.getString(1);
                    rows.add(new CaseRow(
                            name, r.getLong(2), nullableLong(r, 3), r.getInt(4), nullableLong(r, 5), worstOf(c, name)));
                }
            }
        }
        return rows;
    }

    public Optional<CaseRow> caseRow(Principal who, String name) throws SQLException {
        return cases(who).stream().filter(k -> k.name().equals(name)).findFirst();
    }

    /** The worst severity among the findings of the case's latest analysed bundle (its current state). */
    private static String worstOf(Connection c, String name) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("SELECT b.worst_severity FROM bundles b JOIN cases c ON c.id = b.case_id"
                        + " WHERE c.name = ? AND b.state = 'done' ORDER BY b.uploaded_at DESC, b.id DESC")) {
            s.setString(1, name);
            s.setMaxRows(1);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? r.getString(1) : null;
            }
        }
    }

    /** A NIC as the search index keeps it. */
    public record NicRow(String nic, String model, String driver, String firmware) {}

    /** A host of a case as its latest analysed bundle shows it. */
    public record HostRow(
            String host,
            long bundleId,
            long uploadedAt,
            int bundles,
            String worstSeverity,
            int findings,
            List<NicRow> nics) {}

    /** The fleet of a case: each host named by an analysed bundle, by its latest one (by name). */
    public List<HostRow> hosts(String caseName) throws SQLException {
        List<HostRow> rows = new ArrayList<>();
        try (Connection c = db.connection();
                PreparedStatement s = c.prepareStatement("SELECT b.id, b.host, b.uploaded_at, b.worst_severity,"
                        + " (SELECT COUNT(*) FROM findings f WHERE f.bundle_id = b.id),"
                        + " (SELECT COUNT(*) FROM bundles o WHERE o.case_id = b.case_id AND o.host = b.host AND o.state = 'done')"
                        + " FROM bundles b JOIN cases c ON c.id = b.case_id WHERE c.name = ? AND b.state = 'done' AND b.host IS NOT NULL"
                        + " AND b.id = (SELECT MAX(l.id) FROM bundles l WHERE l.case_id = b.case_id AND l.host = b.host AND l.state = 'done')"
                        + " ORDER BY b.host");
                PreparedStatement n = c.prepareStatement(
                        "SELECT nic, model, driver, firmware FROM nics WHERE bundle_id = ? ORDER BY nic")) {
            s.setString(1, caseName);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    List<NicRow> nics = new ArrayList<>();
                    n.setLong(1, r.getLong(1));
                    try (ResultSet k = n.executeQuery()) {
                        while (k.next()) {
                            nics.add(new NicRow(k.getString(1), k.getString(2), k.getString(3), k.getString(4)));
                        }
                    }
                    rows.add(new HostRow(
                            r.getString(2),
                            r.getLong(1),
                            r.getLong(3),
                            r.getInt(6),
                            r.getString(4),
                            r.getInt(5),
                            List.copyOf(nics)));
                }
            }
        }
        return rows;
    }

    public boolean closeCase(String name) throws SQLException {
        try (Connection c = db.connection();
                PreparedStatement s =
                        c.prepareStatement("UPDATE cases SET closed_at = ? WHERE name = ? AND closed_at IS NULL")) {
            s.setLong(1, System.currentTimeMillis());
            s.setString(2, name);
            return s.executeUpdate() == 1;
        }
    }

    public Optional<String> report(long bundleId, String format) throws SQLException {
        try (Connection c = db.connection();
                PreparedStatement s =
                        c.prepareStatement("SELECT body FROM reports WHERE bundle_id = ? AND format = ?")) {
            s.setLong(1, bundleId);
            s.setString(2, format);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? Optional.of(r.getString(1)) : Optional.empty();
            }
        }
    }

    public List<FindingRow> findings(long bundleId) throws SQLException {
        return search(new Search(null, null, null, null, null, null), null, bundleId);
    }

    /** Search criteria; null or blank means any. Text criteria match a part, case-insensitively. */
    public record Search(
            String finding, String severity, String host, String nicModel, String firmware, String driver) {}

    /** Findings of analysed bundles matching every criterion, among the cases this caller may see. */
    public List<FindingRow> search(Search q, Principal who) throws SQLException {
        return search(q, who, null);
    }

    private List<FindingRow> search(Search q, Principal who, Long bundleId) throws SQLException {
        StringBuilder sql = new StringBuilder(
                "SELECT c.name, b.id, b.host, f.rule_id, f.severity, f.subject, f.title FROM findings f"
                        + " JOIN bundles b ON b.id = f.bundle_id JOIN cases c ON c.id = b.case_id WHERE b.state = 'done'");
        List<Object> args = new ArrayList<>();
        if (who != null && !who.staff()) {
            sql.append(" AND c.name = ?");
            args.add(who.caseName());
        }
        if (bundleId != null) {
            sql.append(" AND b.id = ?");
            args.add(bundleId);
        }
        if (present(q.finding())) {
            sql.append(" AND f.rule_id = ?");
            args.add(q.finding().trim().toUpperCase(java.util.Locale.ROOT));
        }
        if (present(q.severity())) {
            sql.append(" AND f.severity = ?");
            args.add(q.severity().trim().toLowerCase(java.util.Locale.ROOT));
        }
        if (present(q.host())) {
            sql.append(" AND LOWER(b.host) LIKE ?");
            args.add(like(q.host()));
        }
        nicCriterion(sql, args, "model", q.nicModel());
        nicCriterion(sql, args, "firmware", q.firmware());
        nicCriterion(sql, args, "driver", q.driver());
        sql.append(" ORDER BY b.uploaded_at DESC, b.id DESC, f.rule_id, f.subject");
        List<FindingRow> rows = new ArrayList<>();
        try (Connection c = db.connection();
                PreparedStatement s = c.prepareStatement(sql.toString())) {
            bind(s, args.toArray());
            s.setMaxRows(1000);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    rows.add(new FindingRow(
                            r.getString(1),
                            r.getLong(2),
                            r.getString(3),
                            r.getString(4),
                            r.getString(5),
                            r.getString(6),
                            r.getString(7)));
                }
            }
        }
        return rows;
    }

    private static void nicCriterion(StringBuilder sql, List<Object> args, String column, String value) {
        if (present(value)) {
            sql.append(" AND EXISTS (SELECT 1 FROM nics n WHERE n.bundle_id = b.id AND LOWER(n.")
                    .append(column)
                    .append(") LIKE ?)");
            args.add(like(value));
        }
    }

    private static String like(String text) {
        String escaped = text.trim()
                .toLowerCase(java.util.Locale.ROOT)
                .replace("\\", "\\\\")
                .replace("%", "\\%")
                .replace("_", "\\_");
        return "%" + escaped + "%";
    }

    private static boolean present(String s) {
        return s != null && !s.isBlank();
    }

    public void audit(Principal who, String action, String caseName, Long bundleId, String detail) throws SQLException {
        try (Connection c = db.connection()) {
            audit(c, who, action, caseName, bundleId, detail);
        }
    }

    private static void audit(Connection c, Principal who, String action, String caseName, Long bundleId, String detail)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "INSERT INTO audit (at, token_id, role, action, case_name, bundle_id, detail) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            s.setLong(1, System.currentTimeMillis());
            s.setString(2, who == null ? null : who.tokenId());
            s.setString(3, who == null ? null : who.role().label());
            s.setString(4, action);
            s.setString(5, caseName);
            if (bundleId == null) {
                s.setNull(6, java.sql.Types.BIGINT);
            } else {
                s.setLong(6, bundleId);
            }
            s.setString(7, detail == null ? null : detail.substring(0, Math.min(500, detail.length())));
            s.executeUpdate();
        }
    }

    public List<AuditRow> auditLog(int limit) throws SQLException {
        List<AuditRow> rows = new ArrayList<>();
        try (Connection c = db.connection();
                PreparedStatement s = c.prepareStatement(
                        "SELECT at, token_id, role, action, case_name, bundle_id, detail FROM audit ORDER BY id DESC")) {
            s.setMaxRows(limit);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    rows.add(new AuditRow(
                            r.getLong(1),
                            r.getString(2),
                            r.getString(3),
                            r.getString(4),
                            r.getString(5),
                            nullableLong(r, 6),
                            r.getString(7)));
                }
            }
        }
        return rows;
    }

    /** Bundles waiting or being analysed: the queue's depth. */
    public long queueDepth() throws SQLException {
        try (Connection c = db.connection();
                PreparedStatement s =
                        c.prepareStatement("SELECT COUNT(*) FROM bundles WHERE state IN ('queued', 'analysing')");
                ResultSet r = s.executeQuery()) {
            r.next();
            return r.getLong(1);
        }
    }

    /**
     * Retention: deletes the bundles, reports and index rows of cases closed before {@code closedBefore}
     * (the case and the audit log stay); returns the sha256 of files no bundle refers to any more.
     */
    public List<String> expire(long closedBefore) throws SQLException {
        List<String> orphans = new ArrayList<>();
        try (Connection c = db.connection()) {
            c.setAutoCommit(false);
            List<String> shas = new ArrayList<>();
            try (PreparedStatement s =
                    c.prepareStatement("SELECT DISTINCT b.sha256 FROM bundles b JOIN cases c ON c.id = b.case_id"
                            + " WHERE c.closed_at IS NOT NULL AND c.closed_at < ?")) {
                s.setLong(1, closedBefore);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        shas.add(r.getString(1));
                    }
                }
            }
            try (PreparedStatement s = c.prepareStatement(
                    "DELETE FROM bundles WHERE case_id IN (SELECT id FROM cases WHERE closed_at IS NOT NULL AND closed_at < ?)")) {
                s.setLong(1, closedBefore);
                s.executeUpdate();
            }
            try (PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM bundles WHERE sha256 = ?")) {
                for (String sha : shas) {
                    s.setString(1, sha);
                    try (ResultSet r = s.executeQuery()) {
                        r.next();
                        if (r.getLong(1) == 0) {
                            orphans.add(sha);
                        }
                    }
                }
            }
            c.commit();
        }
        return orphans;
    }

    /** No bundle row refers to this stored file (asked again just before retention removes it). */
    public boolean unreferenced(String sha256) throws SQLException {
        try (Connection c = db.connection();
                PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM bundles WHERE sha256 = ?")) {
            s.setString(1, sha256);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1) == 0;
            }
        }
    }

    static void bind(PreparedStatement s, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            s.setObject(i + 1, args[i]);
        }
    }

    static Long nullableLong(ResultSet r, int column) throws SQLException {
        long v = r.getLong(column);
        return r.wasNull() ? null : v;
    }
}
