import { useFormatter, useTranslations } from "next-intl";

interface ReviewedFile {
  id: string;
  name: string;
  size: number;
  sha256: string;
  url: string;
}

/** The files a reviewer downloads and checks: name (the download link), size and SHA-256. */
export function ReviewFileList({ files, className, testId }: { files: ReviewedFile[]; className?: string; testId?: string }) {
  const t = useTranslations("review.page");
  const format = useFormatter();
  return (
    <ul className={className} data-testid={testId}>
      {files.map((file) => (
        <li key={file.id} className="break-all">
          <a href={file.url} className="font-medium text-indigo-700 hover:underline">
            {file.name}
          </a>{" "}
          <span className="text-slate-600">{t("fileFacts", { size: format.number(file.size), sha256: file.sha256 })}</span>
        </li>
      ))}
    </ul>
  );
}
