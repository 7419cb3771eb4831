import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/*
 * dayjs speaks Chinese (antd's date pickers read its month and week names). Loaded with every
 * page's code except the home page's, which shows no date picker and keeps dayjs out of its
 * first load (docs/decisions/0018).
 */
dayjs.locale('zh-cn');
