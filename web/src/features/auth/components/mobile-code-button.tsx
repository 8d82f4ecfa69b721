import { Button } from 'antd-mobile';
import type { CodeButton } from '../hooks/use-code-button';

/** MobileCodeButton is the "get code" button beside a mobile code input. */
export function MobileCodeButton({ code, testId = 'code-button' }: { code: CodeButton; testId?: string }) {
  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      onClick={() => void code.click()}
      disabled={code.remaining > 0}
      loading={code.sending}
      data-testid={testId}
      className="up-code-btn"
    >
      {code.label}
    </Button>
  );
}
